import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * @tessera/contracts defines its zod schemas at module level next to the constants the browser
 * needs. For the browser bundle each `export const Z… = z…;` statement is wrapped in a pure IIFE so
 * that unused schemas, and zod with them, are tree-shaken. The server build keeps them untouched.
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
      for (const node of program.body) {
        const declaration = node.declaration as AstNode | null | undefined;
        if (node.type !== 'ExportNamedDeclaration' || declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as AstNode[]) {
          const name = (declarator.id as AstNode).name;
          const init = declarator.init as AstNode | null;
          if (typeof name === 'string' && /^Z\w+$/.test(name) && init && chainRoot(init) === 'z') schemas.push({ start: init.start, end: init.end });
        }
      }
      if (schemas.length === 0) return null;
      let out = code;
      for (const { start, end } of schemas.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      }
      return { code: out, map: null };
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
