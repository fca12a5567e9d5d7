import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIGHT_ROUTES, NAMESPACES, pageNamespaces } from './index';
import { ALL_TRANSLATIONS } from './all.server';

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

/** Every dotted path of a translation tree, leaves and the objects above them. */
function paths(tree: Tree, prefix = '', out = new Set<string>()): Set<string> {
  if (prefix) out.add(prefix);
  if (typeof tree !== 'string' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) paths(value as Tree, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, base, `${base}/index.ts`, `${base}/index.tsx`].find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

/** The app's modules a route module reaches through static and dynamic imports (the texts' own modules left out). */
function reachableModules(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
      const target = resolveImport(file, match[1] as string);
      if (target && !/[\\/]i18n[\\/]/.test(target)) stack.push(target);
    }
  }
  return seen;
}

describe('the light public pages (LIGHT_ROUTES)', () => {
  // Keys in 'screens' and in no namespace a light page loads: the page would show the key after a
  // client-side navigation and render differently from the server, which has every namespace.
  const screensOnly = new Set(paths(ALL_TRANSLATIONS.screens.en as Tree));
  for (const namespace of NAMESPACES) {
    if (namespace === 'screens') continue;
    for (const key of paths(ALL_TRANSLATIONS[namespace].en as Tree)) screensOnly.delete(key);
  }

  it('use no text of the screens namespace, which they do not download', () => {
    const entries = [...LIGHT_ROUTES].map((id) => resolveImport(path.join(APP_DIR, 'root.tsx'), `./${id}`));
    expect(entries.filter((file) => file === undefined)).toEqual([]);
    const used: string[] = [];
    for (const file of reachableModules(entries as string[])) {
      // Quoted keys and the fixed start of template keys (`upload.${problem}`).
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`]([a-z]\w*(?:\.\w+)+)(?:['"`]|\.\$\{)/g)) {
        if (screensOnly.has(match[1] as string)) used.push(`${path.relative(APP_DIR, file)}: ${match[1]}`);
      }
    }
    expect(used).toEqual([]);
  });

  it("loads 'screens' on every page but the light ones, a new route included", () => {
    const light = pageNamespaces([{ id: 'root' }, { id: 'routes/product' }]);
    expect(light).not.toContain('screens');
    expect(light).toContain('translation');
    expect(pageNamespaces([{ id: 'root' }, { id: 'routes/login' }])).toContain('screens');
    expect(pageNamespaces([{ id: 'root' }, { id: 'routes/a-page-added-later' }])).toContain('screens');
    expect(pageNamespaces([{ id: 'root' }, { id: 'routes/blog', handle: { i18n: ['blog'] } }])).toEqual(expect.arrayContaining(['translation', 'blog']));
    expect(pageNamespaces([{ id: 'root' }, { id: 'routes/blog', handle: { i18n: ['blog'] } }])).not.toContain('screens');
  });
});
