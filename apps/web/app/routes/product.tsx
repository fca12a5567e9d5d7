import { CURRENCIES, type TProductCard, type TProductDetail, type TProductReviews } from '@tessera/contracts';
import { useTranslation } from '../lib/i18n/react';
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/product';
import { AddToCart } from '../features/cart/AddToCart';
import { Breadcrumbs } from '../features/catalog/components/Breadcrumbs';
import { Gallery } from '../features/catalog/components/Gallery';
import { JsonLd } from '../features/catalog/components/JsonLd';
import { NotifyMe } from '../features/catalog/components/NotifyMe';
import { Price, Stars } from '../features/catalog/components/Price';
import { ColourDot, ProductGrid } from '../features/catalog/components/ProductCard';
import { ProvenancePanel } from '../features/catalog/components/Provenance';
import { SellerCard } from '../features/catalog/components/SellerCard';
import { productJsonLd } from '../features/catalog/json-ld';
import { useCatalogLabels } from '../features/catalog/labels';
import { catalogGetOr, catalogGetOrNotFound } from '../features/catalog/server-api';
import { chooseVariant } from '../features/catalog/variants';
import { CustomiseThis } from '../features/commissions/CustomiseLinks';
import { AskQuotation } from '../features/quotations/AskQuotation';
import { AddToWishlist } from '../features/social/AddToWishlist';
import { Heart } from '../features/social/Heart';
import { ProductReviews } from '../features/social/ProductReviews';
import { resolveWebContext } from '../lib/context';
import { pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';

export async function loader(args: Route.LoaderArgs) {
  const slug = args.params.slug;
  const product = await catalogGetOrNotFound<TProductDetail>(args, `/v1/products/${encodeURIComponent(slug)}`);
  const [related, reviews] = await Promise.all([
    catalogGetOr<{ items: TProductCard[] }>(args, `/v1/products/${encodeURIComponent(product.id)}/related`, { items: [] }),
    // The first page of reviews with the per-star counts; the page still shows without them.
    catalogGetOr<TProductReviews | null>(args, `/v1/products/${encodeURIComponent(product.id)}/reviews?limit=10`, null),
  ]);
  const publicUrl = resolveWebContext(args.context).publicUrl;
  const minorDigits = CURRENCIES.find((c) => c.code === product.price.currency)?.minorDigits ?? 2;
  // The structured data is built here, on the server (for a navigation too): the page only prints it,
  // so the browser does not download the code that builds it.
  const jsonLd = productJsonLd(product, { publicUrl, minorDigits });
  return { product, related: related.items, reviews, jsonLd };
}

/** Picking a colour or size only changes the query string: the product is already here. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) => {
  const product = args.data?.product;
  if (!product) return pageMeta(args, (t) => ({ title: t('notFound.title'), noIndex: true }));
  const description = product.description.replace(/\s+/g, ' ').slice(0, 160);
  return pageMeta(args, () => ({ title: product.title, description, image: product.images[0]?.fallbackUrl }));
};

function Picker({ label, value, children }: { label: string; value: string | null; children: React.ReactNode }) {
  return (
    <fieldset className="mt-5">
      <legend className="text-sm font-semibold text-moss-900">
        {label}
        {value ? <span className="ms-2 font-normal text-ink-muted">{value}</span> : null}
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

function SizeChart({ chart }: { chart: NonNullable<TProductDetail['sizeChart']> }) {
  const { t } = useTranslation('catalog');
  return (
    <details className="mt-3 rounded-2xl border border-sand-200 bg-white" data-testid="size-chart">
      <summary className="cursor-pointer px-4 py-2 text-sm font-semibold text-moss-700">{t('product.sizeChart')}</summary>
      <div className="overflow-x-auto px-4 pb-4">
        <table className="w-full text-sm">
          <thead>
            <tr>
              {chart.columns.map((column) => (
                <th key={column} className="border-b border-sand-200 px-2 py-1 text-start font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j} className="border-b border-sand-100 px-2 py-1">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog');
  const labels = useCatalogLabels();
  const { product, related, reviews, jsonLd } = loaderData;
  const [params] = useSearchParams();
  const choice = chooseVariant(product, { colour: params.get('colour'), size: params.get('size') });
  const variant = choice.variant;
  const price = variant?.price ?? product.price;
  const mrp = variant?.mrp ?? product.mrp;
  const discountPercent = mrp.amount > price.amount ? Math.round(((mrp.amount - price.amount) * 100) / mrp.amount) : 0;
  const stockState = variant?.stockState ?? product.stockState;
  const stock = variant?.stock ?? product.stock;
  const pick = (next: { colour?: string | null; size?: string | null }) => {
    const search = new URLSearchParams();
    const colour = next.colour !== undefined ? next.colour : choice.colour;
    const size = next.size !== undefined ? next.size : choice.size;
    if (colour) search.set('colour', colour);
    if (size) search.set('size', size);
    return `?${search.toString()}`;
  };
  const crumbs = (product.categoryPath.length > 0 ? product.categoryPath : [product.category]).map((c) => ({ href: `/c/${c.slug}`, label: c.name }));

  return (
    <Container className="py-6 sm:py-8">
      <JsonLd data={jsonLd} />
      <Breadcrumbs items={[...crumbs, { href: `/p/${product.slug}`, label: product.title }]} />
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
        <Gallery images={product.images} title={product.title} />
        <div>
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-3xl font-semibold sm:text-4xl" data-testid="product-title">
              <bdi>{product.title}</bdi>
            </h1>
            <Heart kind="products" id={product.id} name={product.title} size="lg" />
          </div>
          <p className="mt-2 text-sm text-ink-muted">
            <Link to={`/store/${product.seller.storeAliasName}`} dir="auto" className="font-semibold text-moss-700 hover:underline">
              {product.seller.storeName}
            </Link>
            {product.brand ? (
              <span>
                {' · '}
                <bdi>{product.brand.name}</bdi>
              </span>
            ) : null}
          </p>
          <div className="mt-2">
            <Stars rating={product.rating} reviewCount={product.reviewCount} />
          </div>
          <div className="mt-4" data-testid="product-price">
            <Price price={price} mrp={mrp} discountPercent={discountPercent} size="lg" />
          </div>
          <p className="mt-1 text-sm text-ink-muted" data-testid="product-moq">
            {t('price.moq', { count: product.moq })}
          </p>

          {choice.colours.length > 0 ? (
            <Picker label={t('product.colour')} value={choice.colour ? labels.colour(choice.colour) : null}>
              {choice.colours.map(({ value, available }) => (
                <Link
                  key={value}
                  to={pick({ colour: value, size: null })}
                  replace
                  preventScrollReset
                  aria-label={t('product.colourValue', { colour: labels.colour(value) })}
                  aria-current={value === choice.colour}
                  data-testid={`colour-${value}`}
                  className={`inline-flex h-10 items-center gap-2 rounded-full border px-3 text-sm ${
                    value === choice.colour ? 'border-moss-700 bg-moss-50 font-semibold' : 'border-sand-300 bg-white hover:border-moss-500'
                  } ${available ? '' : 'text-ink-muted'}`}
                >
                  <ColourDot colour={value} label={labels.colour(value)} size={18} />
                  {labels.colour(value)}
                </Link>
              ))}
            </Picker>
          ) : null}

          {choice.sizes.length > 0 ? (
            <Picker label={t('product.size')} value={choice.size ? labels.size(choice.size) : null}>
              {choice.sizes.map(({ value, available }) => (
                <Link
                  key={value}
                  to={pick({ size: value })}
                  replace
                  preventScrollReset
                  aria-current={value === choice.size}
                  data-testid={`size-${value}`}
                  className={`inline-flex h-10 min-w-12 items-center justify-center rounded-xl border px-3 text-sm ${
                    value === choice.size ? 'border-moss-700 bg-moss-50 font-semibold' : 'border-sand-300 bg-white hover:border-moss-500'
                  } ${available ? '' : 'text-ink-muted line-through'}`}
                >
                  {labels.size(value)}
                </Link>
              ))}
            </Picker>
          ) : null}
          {product.sizeChart ? <SizeChart chart={product.sizeChart} /> : null}

          <div className="mt-5" data-testid="stock-state" data-state={stockState}>
            {stockState === 'in_stock' ? (
              <p className="font-semibold text-moss-700">
                {t('stock.in_stock')}
                {stock > 0 && stock <= 10 ? <span className="ms-2 font-normal text-clay-700">{t('stock.left', { count: stock })}</span> : null}
              </p>
            ) : stockState === 'out_of_stock' ? (
              <div className="space-y-3">
                <p className="font-semibold text-clay-700 first-letter:uppercase">{t('stock.out_of_stock')}</p>
                <NotifyMe productId={product.id} variantId={variant?.id ?? null} />
              </div>
            ) : (
              <div>
                <p className="font-semibold text-clay-700">{t('stock.sold_out')}</p>
                <p className="text-sm text-ink-muted">{t('product.soldOutHint')}</p>
              </div>
            )}
          </div>

          <AddToCart
            productId={product.id}
            variantId={variant?.id ?? null}
            needsVariant={choice.colours.length > 0 || choice.sizes.length > 0}
            moq={product.moq}
            stock={stock}
            stockState={stockState}
          />
          {/* The buyer's other ways to this product, in one row that wraps. */}
          <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2">
            <AddToWishlist productId={product.id} />
            <AskQuotation product={product} variantId={variant?.id ?? null} />
            <CustomiseThis product={product} />
          </div>

          {product.highlights.length > 0 ? (
            <section className="mt-6" aria-labelledby="highlights-title">
              <h2 id="highlights-title" className="text-lg font-semibold">
                {t('product.highlights')}
              </h2>
              <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
                {product.highlights.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <div className="mt-6">
            <SellerCard seller={product.seller} product={{ id: product.id, title: product.title }} />
          </div>
        </div>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
        <div className="space-y-8">
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="text-2xl font-semibold">
              {t('product.description')}
            </h2>
            <div className="mt-3 space-y-3 text-ink">
              {product.description.split(/\n{2,}/).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </section>
          {product.specs.length > 0 ? (
            <section aria-labelledby="specs-title">
              <h2 id="specs-title" className="text-2xl font-semibold">
                {t('product.specs')}
              </h2>
              <dl className="mt-3 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white" data-testid="specs">
                {[...product.specs, { label: t('product.manufacturer'), value: product.manufacturer }].map((spec) => (
                  <div key={spec.label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-4 py-2 text-sm">
                    <dt dir="auto" className="text-start font-semibold text-moss-900">
                      {spec.label}
                    </dt>
                    <dd dir="auto" className="text-start">
                      {spec.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>
        <ProvenancePanel provenance={product.provenance} />
      </div>

      <ProductReviews key={product.id} productId={product.id} initial={reviews} />

      {related.length > 0 ? (
        <section className="mt-12" aria-labelledby="related-title" data-testid="related">
          <h2 id="related-title" className="text-2xl font-semibold">
            {t('product.related')}
          </h2>
          <div className="mt-4">
            <ProductGrid products={related.slice(0, 8)} />
          </div>
        </section>
      ) : null}
    </Container>
  );
}
