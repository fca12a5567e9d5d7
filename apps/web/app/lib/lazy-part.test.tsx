import { Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyPart } from './lazy-part';

async function prerender(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

const Menu = ({ name }: { name: string }) => <ul data-name={name}>menu</ul>;

describe('lazyPart', () => {
  it('renders the part once its module has arrived', async () => {
    const Part = lazyPart(async () => Menu);
    expect(
      await prerender(
        <Suspense fallback="…">
          <Part name="a" />
        </Suspense>,
      ),
    ).toContain('<ul data-name="a">menu</ul>');
  });

  it('renders the fallback when the download fails, and asks again the next time it is mounted', async () => {
    let calls = 0;
    const Part = lazyPart(
      async () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return Menu;
      },
      ({ name }) => <p>{name} unavailable</p>,
    );
    expect(
      await prerender(
        <Suspense fallback="…">
          <Part name="b" />
        </Suspense>,
      ),
    ).toContain('<p>b<!-- --> unavailable</p>');
    expect(
      await prerender(
        <Suspense fallback="…">
          <Part name="c" />
        </Suspense>,
      ),
    ).toContain('<ul data-name="c">menu</ul>');
    expect(calls).toBe(2);
  });
});
