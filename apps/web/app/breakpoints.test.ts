import { readFileSync } from 'node:fs';
import { MOBILE_MAX_WIDTH } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';

// The specification's breakpoints (seed §9). 767.95 and 1023.95 are the max-widths below 768 and 1024.
const SEED_BREAKPOINTS = [576, 600, 767.95, 900, 992, 1023.95, 1200];

function themeBreakpoints(): Record<string, number> {
  const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');
  const theme = /@theme\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  expect(theme).toContain('--breakpoint-*: initial;');
  return Object.fromEntries([...theme.matchAll(/--breakpoint-([a-z0-9]+):\s*([\d.]+)px;/g)].map((m) => [m[1], Number(m[2])]));
}

describe('layout breakpoints', () => {
  it("are the seed's, not Tailwind's defaults", () => {
    const points = themeBreakpoints();
    // A min-width breakpoint of 768 px is the seed's max-width 767.95 px seen from the other side.
    const asSeed = Object.values(points).map((px) => (px === 768 || px === 1024 ? px - 0.05 : px));
    expect(asSeed.sort((a, b) => a - b)).toEqual(SEED_BREAKPOINTS);
    expect(points.phone).toBe(MOBILE_MAX_WIDTH);
    expect(points).toMatchObject({ sm: 576, md: 768, lg: 1024, xl: 1200 });
  });
});
