import { COLOURS, type Colour, type TProductCard } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Link } from 'react-router';
import { Heart } from '../../social/Heart';
import { useCatalogLabels } from '../labels';
import { NoImage, Picture } from './Picture';
import { Price, Stars } from './Price';

export function ColourDot({ colour, label, size = 14 }: { colour: string; label: string; size?: number }) {
  const fill = COLOURS[colour as Colour] ?? colour;
  return (
    <span
      title={label}
      className="inline-block shrink-0 rounded-full border border-sand-300"
      style={{ width: size, height: size, background: fill }}
    />
  );
}

const SHOWN_COLOURS = 5;

/** A product in a grid: image, title, store, price with discount, rating, stock, first colours. */
/** `action`: a control under the card (a wishlist's remove), above the card's whole-card link. */
export function ProductCard({ product, eager = false, action }: { product: TProductCard; eager?: boolean; action?: ReactNode }) {
  const { t } = useTranslation('catalog');
  const labels = useCatalogLabels();
  const unavailable = product.stockState !== 'in_stock';
  return (
    <li data-testid="product-card" className="group relative flex flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-xs transition-shadow hover:shadow-md">
      <div className="relative aspect-square overflow-hidden bg-sand-100">
        {product.image ? (
          <Picture
            image={product.image}
            alt={product.title}
            eager={eager}
            sizes="(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw"
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <NoImage label={t('card.noImage')} className="h-full w-full" />
        )}
        {product.discountPercent > 0 ? (
          <span className="absolute start-2 top-2 rounded-full bg-clay-600 px-2 py-0.5 text-xs font-semibold text-white">
            {t('price.off', { percent: product.discountPercent })}
          </span>
        ) : null}
        {/* Above the card's whole-card link (its ::after covers the card). */}
        <Heart kind="products" id={product.id} name={product.title} className="absolute end-2 top-2 z-10" />
        {unavailable ? (
          <span className="absolute inset-x-0 bottom-0 bg-ink/75 px-2 py-1 text-center text-xs font-semibold text-white first-letter:uppercase">
            {t(`stock.${product.stockState}`)}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        {/* A seller's title takes its own direction: a Latin name in an Arabic page is cut at its end, not its start. */}
        <h3 className="line-clamp-2 font-sans text-sm font-semibold leading-snug text-ink rtl:text-right sm:text-base" dir="auto">
          <Link to={`/p/${product.slug}`} className="after:absolute after:inset-0 focus:outline-none" prefetch="intent">
            {product.title}
          </Link>
        </h3>
        <p className="truncate text-xs text-ink-muted">{t('card.by', { store: `\u2068${product.store.storeName}\u2069` })}</p>
        <Price price={product.price} mrp={product.mrp} discountPercent={product.discountPercent} badge={false} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars rating={product.rating} reviewCount={product.reviewCount} compact />
          {product.colours.length > 0 ? (
            <span className="flex items-center gap-1">
              {product.colours.slice(0, SHOWN_COLOURS).map((colour) => (
                <ColourDot key={colour} colour={colour} label={labels.colour(colour)} size={12} />
              ))}
              {product.colours.length > SHOWN_COLOURS ? <span className="text-xs text-ink-muted">+{product.colours.length - SHOWN_COLOURS}</span> : null}
            </span>
          ) : null}
        </div>
        <div className="mt-auto flex flex-wrap gap-1 pt-1">
          {product.certifications.slice(0, 3).map((scheme) => (
            <span key={scheme} className="max-w-full truncate rounded-full bg-moss-50 px-2 py-0.5 text-[11px] font-semibold text-moss-800">
              {labels.certification(scheme)}
            </span>
          ))}
        </div>
        <p className="text-xs text-ink-muted">{t('price.moq', { count: product.moq })}</p>
        {action ? <div className="relative z-10 pt-1">{action}</div> : null}
      </div>
    </li>
  );
}

export function ProductGrid({ products, eagerFirst = 0 }: { products: TProductCard[]; eagerFirst?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < eagerFirst} />
      ))}
    </ul>
  );
}
