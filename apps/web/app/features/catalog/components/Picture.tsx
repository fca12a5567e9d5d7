import type { TImage } from '@tessera/contracts';

/** A product image: AVIF and WebP for the browsers that take them, the JPEG for the others. */
export function Picture({
  image,
  alt,
  className = '',
  sizes,
  eager = false,
  thumb = false,
}: {
  image: TImage;
  alt?: string;
  className?: string;
  sizes?: string;
  eager?: boolean;
  /** The 100 px square instead of the full image. */
  thumb?: boolean;
}) {
  if (thumb) {
    return <img src={image.thumbUrl} alt={alt ?? image.alt} width={100} height={100} loading="lazy" decoding="async" className={className} />;
  }
  return (
    <picture>
      {image.avifUrl ? <source srcSet={image.avifUrl} type="image/avif" sizes={sizes} /> : null}
      <source srcSet={image.url} type="image/webp" sizes={sizes} />
      <img
        src={image.fallbackUrl}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

/** What shows where a product has no image yet. */
export function NoImage({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="img" aria-label={label} className={`flex items-center justify-center bg-sand-100 text-sand-500 ${className}`}>
      <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 17-5-5-9 8" />
      </svg>
    </div>
  );
}
