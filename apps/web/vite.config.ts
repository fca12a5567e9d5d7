import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * @tessera/contracts defines its zod schemas at module level next to the constants the browser
 * needs. For the browser bundle each `export const Z… = z…;` statement is wrapped in a pure IIFE so
 * that unused schemas, and zod with them, are tree-shaken. The server build keeps them untouched.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'tessera:pure-contract-schemas',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]packages[\\/]contracts[\\/]dist[\\/][^\\/]+\.js$/.test(id)) return null;
      const out = code.replace(
        /^export const (Z\w+) = (z\s*\.[\s\S]*?);$/gm,
        (_all, name: string, expression: string) => `export const ${name} = /* @__PURE__ */ (() => ${expression})();`,
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [pureContractSchemas(), tailwindcss(), reactRouter()],
  build: {
    // Keep inline data: URIs out of the bundle: the CSP allows them for images only.
    assetsInlineLimit: 0,
  },
});
