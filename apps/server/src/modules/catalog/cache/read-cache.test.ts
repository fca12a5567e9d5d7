import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.js';

describe('read cache', () => {
  const setup = (options: { maxEntries?: number } = {}) => {
    let version = 1;
    let clock = 0;
    let builds = 0;
    const cache = createReadCache({ version: () => version, now: () => clock, windowMs: 1000, ...options });
    const build = (value: string) => async () => {
      builds += 1;
      return value;
    };
    return { cache, build, bump: () => (version += 1), tick: (ms: number) => (clock += ms), builds: () => builds };
  };

  it('builds once per key and version, then serves the stored string', async () => {
    const t = setup();
    expect(await t.cache.get('a', t.build('A1'))).toBe('A1');
    expect(await t.cache.get('a', t.build('A2'))).toBe('A1');
    expect(t.builds()).toBe(1);
    t.bump();
    expect(await t.cache.get('a', t.build('A3'))).toBe('A3');
    expect(t.cache.size).toBe(1);
  });

  it('shares one build between concurrent misses', async () => {
    const t = setup();
    const [x, y] = await Promise.all([t.cache.get('a', t.build('A1')), t.cache.get('a', t.build('A2'))]);
    expect([x, y]).toEqual(['A1', 'A1']);
    expect(t.builds()).toBe(1);
  });

  it('serves a stale entry once its window passed while one rebuild refreshes it', async () => {
    const t = setup();
    await t.cache.get('a', t.build('A1'));
    t.tick(1500);
    expect(await t.cache.get('a', t.build('A2'))).toBe('A1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await t.cache.get('a', t.build('A3'))).toBe('A2');
    expect(t.builds()).toBe(2);
  });

  it('does not keep an answer built while the version moved', async () => {
    const t = setup();
    await t.cache.get('a', async () => {
      t.bump();
      return 'during';
    });
    expect(await t.cache.get('a', t.build('after'))).toBe('after');
  });

  it('forgets the least recently used entries past its bound, and failed builds', async () => {
    const t = setup({ maxEntries: 2 });
    await t.cache.get('a', t.build('A'));
    await t.cache.get('b', t.build('B'));
    await t.cache.get('a', t.build('A again'));
    await t.cache.get('c', t.build('C'));
    expect(t.cache.size).toBe(2);
    expect(await t.cache.get('b', t.build('B2'))).toBe('B2');
    expect(await t.cache.get('c', t.build('C2'))).toBe('C');
    await expect(t.cache.get('x', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await t.cache.get('x', t.build('X'))).toBe('X');
  });

  it('keeps an entry in use while many others come and go', async () => {
    const t = setup({ maxEntries: 8 });
    await t.cache.get('busy', t.build('BUSY'));
    for (let i = 0; i < 100; i++) {
      await t.cache.get(`k${i}`, t.build(`K${i}`));
      expect(await t.cache.get('busy', t.build('rebuilt'))).toBe('BUSY');
    }
    expect(t.cache.size).toBe(8);
    expect(t.builds()).toBe(101);
    expect(await t.cache.get('k0', t.build('K0 again'))).toBe('K0 again');
  });
});
