/** The Tessera mark: a small mosaic of earth-coloured tiles (the same drawing as the PNG icons). */
export const MOSAIC_TILES: ReadonlyArray<{ x: number; y: number; fill: string }> = [
  { x: 0, y: 0, fill: '#2f5d46' },
  { x: 1, y: 0, fill: '#c2643b' },
  { x: 2, y: 0, fill: '#d9a441' },
  { x: 0, y: 1, fill: '#d9a441' },
  { x: 1, y: 1, fill: '#2f5d46' },
  { x: 2, y: 1, fill: '#4f8766' },
  { x: 0, y: 2, fill: '#4f8766' },
  { x: 1, y: 2, fill: '#c2643b' },
  { x: 2, y: 2, fill: '#2f5d46' },
];

export function LogoMark({
  size = 32,
  className,
  missing,
}: {
  size?: number;
  className?: string;
  /** Draw this tile as an empty dashed outline (the not-found page's "missing piece"). */
  missing?: { x: number; y: number };
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {MOSAIC_TILES.map((tile) =>
        missing && missing.x === tile.x && missing.y === tile.y ? (
          <rect
            key={`${tile.x}-${tile.y}`}
            x={2.75 + tile.x * 15}
            y={2.75 + tile.y * 15}
            width="11.5"
            height="11.5"
            rx="2.5"
            fill="none"
            stroke="#b5562f"
            strokeWidth="1.5"
            strokeDasharray="3 2"
          />
        ) : (
          <rect key={`${tile.x}-${tile.y}`} x={2 + tile.x * 15} y={2 + tile.y * 15} width="13" height="13" rx="3" fill={tile.fill} />
        ),
      )}
    </svg>
  );
}

export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <LogoMark size={34} />
      {/* The brand name stays in Latin letters in every language. */}
      <span lang="en" dir="ltr" className="font-serif text-2xl font-semibold tracking-tight text-moss-900">
        Tessera
      </span>
    </span>
  );
}
