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

  it('use only texts of the namespaces they load', () => {
    const rootFile = path.join(APP_DIR, 'root.tsx');
    const problems: string[] = [];
    for (const id of LIGHT_ROUTES.keys()) {
      const entry = resolveImport(rootFile, `./${id}`);
      expect(entry, id).toBeDefined();
      // The route's own `handle.i18n` (routes/blog.tsx asks for 'blog').
      const handleList = /export const handle = \{[^}]*i18n: \[([^\]]*)\]/.exec(readFileSync(entry as string, 'utf8'))?.[1] ?? '';
      const handle = { i18n: [...handleList.matchAll(/['"](\w+)['"]/g)].map((name) => name[1]) };
      const loaded = new Set<string>(pageNamespaces([{ id: 'root' }, { id, handle }]));
      for (const file of reachableModules([rootFile, entry as string])) {
        const code = readFileSync(file, 'utf8');
        const where = `${id} → ${path.relative(APP_DIR, file)}`;
        // Quoted keys and the fixed start of template keys (`upload.${problem}`).
        for (const match of code.matchAll(/['"`]([a-z]\w*(?:\.\w+)+)(?:['"`]|\.\$\{)/g)) {
          if (screensOnly.has(match[1] as string)) problems.push(`${where}: ${match[1]}`);
        }
        // Namespaces a component names: useTranslation('quotations'), useTranslation(['a', 'b']).
        for (const match of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|['"]\w+['"])/g)) {
          for (const name of (match[1] as string).matchAll(/['"](\w+)['"]/g))
            if (!loaded.has(name[1] as string)) problems.push(`${where}: '${name[1]}' namespace`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("loads 'screens' on every page but the light ones, a new route included", () => {
    const light = pageNamespaces([{ id: 'root' }, { id: 'routes/home' }]);
    expect(light).toEqual(['translation', 'catalog', 'social']);
    expect(pageNamespaces([{ id: 'root' }, { id: 'routes/product' }])).toEqual(['translation', 'catalog', 'social']);
    expect(pageNamespaces([{ id: 'root' }, { id: 'routes/login' }])).toContain('screens');
    expect(pageNamespaces([{ id: 'root' }, { id: 'routes/a-page-added-later' }])).toEqual(expect.arrayContaining(['screens', 'quotations', 'commissions']));
    expect(pageNamespaces([{ id: 'root' }, { id: 'routes/blog', handle: { i18n: ['blog'] } }])).toEqual(['translation', 'catalog', 'social', 'blog']);
  });
});
