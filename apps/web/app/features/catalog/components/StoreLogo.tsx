import type { TStoreSummary } from '@tessera/contracts';

/** A store's round logo, or its initial on moss when it has none. */
export function StoreLogo({ store, size = 56 }: { store: Pick<TStoreSummary, 'logoImages' | 'storeName'>; size?: number }) {
  const src = store.logoImages.logoImageThumb ?? store.logoImages.logoImageweb ?? store.logoImages.logoImageMobile;
  if (src)
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full border border-sand-200 bg-white object-cover"
        style={{ width: size, height: size }}
        loading="lazy"
      />
    );
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-moss-700 font-semibold text-white"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
    >
      {store.storeName.slice(0, 1).toUpperCase()}
    </span>
  );
}
