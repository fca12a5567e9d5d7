import type { TImage } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { NoImage, Picture } from './Picture';

/** The product's images: the chosen one large, every one as a thumbnail to pick. */
export function Gallery({ images, title }: { images: TImage[]; title: string }) {
  const { t } = useTranslation('catalog');
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <section aria-label={t('product.gallery')} data-testid="gallery">
      <div className="aspect-square overflow-hidden rounded-3xl border border-sand-200 bg-white">
        {current ? (
          <Picture key={current.id} image={current} alt={current.alt || title} eager sizes="(min-width: 1024px) 560px, 100vw" className="h-full w-full object-contain" />
        ) : (
          <NoImage label={t('card.noImage')} className="h-full w-full" />
        )}
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('product.showImage', { index: i + 1 })}
                aria-current={i === index}
                className={`block h-16 w-16 overflow-hidden rounded-xl border-2 sm:h-20 sm:w-20 ${i === index ? 'border-moss-700' : 'border-transparent hover:border-sand-300'}`}
              >
                <Picture image={image} thumb alt="" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
