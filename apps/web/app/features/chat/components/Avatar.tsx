/** A round picture (or the name's first letter) with a presence dot. */
export function Avatar({ name, imageUrl, online, size = 44 }: { name: string; imageUrl?: string | null; online?: boolean; size?: number }) {
  const initial = [...name.trim()][0]?.toLocaleUpperCase() ?? '·';
  return (
    <span className="relative inline-flex shrink-0" style={{ width: size, height: size }} aria-hidden="true">
      {imageUrl ? (
        <img src={imageUrl} alt="" width={size} height={size} loading="lazy" className="h-full w-full rounded-full border border-sand-200 bg-white object-cover" />
      ) : (
        <span className="flex h-full w-full items-center justify-center rounded-full bg-moss-700 font-semibold text-white" style={{ fontSize: size / 2.4 }}>
          {initial}
        </span>
      )}
      {online ? <span data-testid="presence-dot" className="absolute -bottom-0.5 -end-0.5 h-3.5 w-3.5 rounded-full border-2 border-white bg-emerald-500" /> : null}
    </span>
  );
}
