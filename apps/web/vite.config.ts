import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * @tessera/contracts defines its zod schemas at module level next to the constants the browser
 * needs. For the browser bundle each top-level schema constant is wrapped in a pure IIFE so that
 * unused schemas, and zod with them, are tree-shaken. The server build keeps them untouched.
 * A schema constant is one whose value is a call chain starting from `z` (`z.object({…})`) or from
 * another schema (`ZPersonalFieldsSchema.extend({…})`, `ZBrandInputSchema.partial()`, also imported
 * ones), exported or not: a derived schema left unwrapped keeps its base, and zod, in every page that
 * imports anything from its module.
 * Object constants built with spreads (`const en = { ...BUYING_ERROR_MESSAGES.en, … }`, the error texts
 * of four languages) are wrapped too: a spread may run a getter, so the bundler kept them unused.
 * The statements are found with the bundler's own parser: a schema's callbacks may hold statements
 * of their own (`;` at the end of a line), which a regular expression would cut in the middle.
 */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The identifier a call or member chain starts from: `z` in `z.object({…}).strict()`. */
function chainRoot(node: AstNode | undefined): string | undefined {
  let current = node;
  while (current) {
    if (current.type === 'Identifier') return current.name as string;
    if (current.type === 'CallExpression') current = current.callee as AstNode;
    else if (current.type === 'MemberExpression') current = current.object as AstNode;
    else return undefined;
  }
  return undefined;
}

function pureContractSchemas(): Plugin {
  return {
    name: 'tessera:pure-contract-schemas',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]packages[\\/]contracts[\\/]dist[\\/][^\\/]+\.js$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const schemas: { start: number; end: number }[] = [];
      // `z`, the `Z…` schemas by the house naming, and this module's other schema constants (`zLocalizedList`).
      const schemaNames = new Set(['z']);
      const isSchemaRoot = (root: string | undefined) => root !== undefined && (schemaNames.has(root) || /^Z\w+$/.test(root));
      for (const node of program.body) {
        const declaration = node.type === 'ExportNamedDeclaration' ? (node.declaration as AstNode | null | undefined) : node;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as AstNode[]) {
          const name = (declarator.id as AstNode).name;
          const init = declarator.init as AstNode | null;
          if (typeof name !== 'string' || !init || (init.type !== 'CallExpression' && init.type !== 'MemberExpression' && init.type !== 'ObjectExpression'))
            continue;
          // An object built with spreads (`{ ...BUYING_ERROR_MESSAGES.en, … }`, the error texts of four
          // languages) is kept by the bundler even when unused, since a spread may run a getter.
          if (init.type === 'ObjectExpression' && (init.properties as AstNode[]).some((property) => property.type === 'SpreadElement')) {
            schemas.push({ start: init.start, end: init.end });
            continue;
          }
          // A `Z…` constant is a schema by the house naming, whatever builds it (`answer(ZQuotationSchema)`).
          if (!isSchemaRoot(chainRoot(init)) && !/^Z\w+$/.test(name)) continue;
          schemaNames.add(name);
          schemas.push({ start: init.start, end: init.end });
        }
      }
      if (schemas.length === 0) return null;
      let out = code;
      for (const { start, end } of schemas.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * The browser fetches its language's texts with `import()` (app/lib/i18n/texts.ts) before it hydrates.
 * So that this does not wait for the entry script first, the server names those chunks in the page
 * (modulepreload links, app/root.tsx): the server build gets the client build's chunk of every text
 * module as `__TEXT_CHUNKS__` (source path → URL). React Router builds the client first and deletes
 * its manifest only after the server build.
 */
function textChunks(): Plugin {
  return {
    name: 'tessera:text-chunks',
    config(config, { isSsrBuild }) {
      if (!isSsrBuild) return;
      const root = config.root ?? process.cwd();
      // `buildDirectory` of react-router.config.ts.
      const manifestPath = path.resolve(root, 'build', 'client', '.vite', 'manifest.json');
      if (!existsSync(manifestPath)) return;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; src?: string }>;
      const chunks: Record<string, string> = {};
      for (const [src, chunk] of Object.entries(manifest)) {
        if (/\/i18n\/(?:screens\/)?(?:en|es|ar|ms)\.ts$/.test(src)) chunks[src] = `${config.base ?? '/'}${chunk.file}`;
      }
      return { define: { __TEXT_CHUNKS__: JSON.stringify(chunks) } };
    },
  };
}

/**
 * React Aria's widgets carry their built-in texts ("Dismiss", "Increase {fieldLabel}", …) in 34
 * locales, every one in every page that shows a widget. The site speaks en, es, ar and ms (ms has no
 * React Aria strings and falls back to en-US, as it did): the other locales' modules become `null`,
 * which React Aria's LocalizedStringDictionary skips (the approach of React Aria's own
 * `@react-aria/optimize-locales-plugin`, which is not installed here). Browser build only.
 */
const REACT_ARIA_LOCALES = new Set(['en-US', 'es-ES', 'ar-AE']);

function reactAriaLocales(): Plugin {
  return {
    name: 'tessera:react-aria-locales',
    enforce: 'pre',
    transform(_code, id, options) {
      if (options?.ssr) return null;
      const match =
        /[\\/](?:react-aria|react-aria-components|react-stately)[\\/]dist[\\/]private[\\/](?:[^\\/]+[\\/])*intl[\\/](?:[^\\/]+[\\/])?([a-z]{2}-[A-Z]{2})\.m?js$/.exec(
          id,
        );
      if (!match || REACT_ARIA_LOCALES.has(match[1] as string)) return null;
      return { code: 'export default null;\n', map: null };
    },
  };
}

/** The main public pages, whose first-load JavaScript is budgeted (e2e/page-weight.test.ts). */
const STOREFRONT_PAGES = ['home', 'category', 'search', 'product'];

/**
 * Fewer, larger chunks for the public pages (decision 011). Left to the bundler, the code shared
 * by some of the 80 routes became about 40 chunks of 0.1–2 kB a page, one per set of routes sharing
 * them; gzip compresses each file on its own and each chunk names its imports, so the same code cost
 * 9–11 kB more a page than one file would (bench/page-weight.mjs). Four groups, browser build only:
 * - 'react': React, React DOM, the scheduler and React Router, which every page runs;
 * - 'shell': root.tsx and every app module it imports statically (the header, footer, providers,
 *   texts runtime and the ui and lib pieces they use);
 * - 'storefront': the app modules at least three of the main public pages use (product cards,
 *   pictures, prices, favourites);
 * - one chunk per main public page with its route module and the app modules only it uses among them
 *   (a route module put in a group leaves behind an entry chunk that only re-exports it).
 * Everything else (other routes, what a page loads with `import()`, the texts of each language, the
 * contracts' modules, whose unused exports a group would keep) is chunked by the bundler as before.
 */
function publicPageChunks(): Plugin {
  const staticImports = new Map<string, readonly string[]>();
  const appDir = path.resolve(import.meta.dirname, 'app') + path.sep;
  const isAppSource = (id: string) => id.startsWith(appDir) && !id.includes('?');
  /** The app modules `from` reaches through static imports. */
  const closure = (from: string) => {
    const reached = new Set<string>();
    const pending = [from];
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (reached.has(id)) continue;
      reached.add(id);
      for (const imported of staticImports.get(id) ?? []) if (isAppSource(imported)) pending.push(imported);
    }
    return reached;
  };
  let groups: Map<string, string> | undefined;
  /** Each grouped module's chunk name: 'shell', 'storefront', or the one main public page using it. */
  const groupOf = () => {
    if (groups) return groups;
    const reached = new Map(STOREFRONT_PAGES.map((page) => [page, closure(path.join(appDir, 'routes', `${page}.tsx`))]));
    groups = new Map();
    for (const [page, modules] of reached) {
      for (const id of modules) {
        const pages = STOREFRONT_PAGES.filter((other) => reached.get(other)?.has(id)).length;
        if (pages === 1) groups.set(id, page);
        else if (pages >= 3) groups.set(id, 'storefront');
      }
    }
    for (const id of closure(path.join(appDir, 'root.tsx'))) groups.set(id, 'shell');
    return groups;
  };
  return {
    name: 'tessera:public-page-chunks',
    config(_config, { isSsrBuild }) {
      if (isSsrBuild) return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/,
                    includeDependenciesRecursively: false,
                  },
                  {
                    name: (id: string) => groupOf().get(id) ?? null,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
    // React Router asks route chunks to export exactly their module's exports ('exports-only'), which
    // rolldown refuses beside groups that leave their modules' dependencies out; a grouped route's
    // entry chunk re-exporting from its group is what 'allow-extension' permits, and is harmless.
    configEnvironment(name, options) {
      if (name !== 'client') return;
      const rollupOptions = options.build?.rollupOptions;
      if (rollupOptions) rollupOptions.preserveEntrySignatures = 'allow-extension';
    },
    moduleParsed(info) {
      staticImports.set(info.id, info.importedIds);
    },
  };
}

/**
 * React Router's package exports name its development build only; its production build is the same
 * code with the development warnings off, and out of the bundle (0.6 kB gzip a page). Browser build
 * only: the server keeps the package's own resolution.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.resolve(import.meta.dirname, '..', '..', 'node_modules', 'react-router', 'dist', 'production');
  const files: Record<string, string> = {
    'react-router': 'index.mjs',
    'react-router/dom': 'dom-export.mjs',
  };
  return {
    name: 'tessera:react-router-production-build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      const file = files[source];
      return file ? path.join(dist, file) : null;
    },
  };
}

export default defineConfig({
  plugins: [pureContractSchemas(), reactAriaLocales(), textChunks(), publicPageChunks(), reactRouterProductionBuild(), tailwindcss(), reactRouter()],
  build: {
    // Keep inline data: URIs out of the bundle: the CSP allows them for images only.
    assetsInlineLimit: 0,
  },
});
