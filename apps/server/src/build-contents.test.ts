import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The production build (`tsconfig.build.json` → dist/) must hold no test code: no test file, nothing
// under src/test/, and no import of a package the server installs only for development (vitest,
// testing fixtures' tools). tsc lists exactly the sources it would emit, imports followed.
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(SERVER, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const rootManifest = JSON.parse(readFileSync(path.join(SERVER, '../../package.json'), 'utf8')) as { dependencies?: Record<string, string> };
/** Imported only on a path production never takes, each with why. */
const DEVELOPMENT_ONLY = new Map([['vite', 'register-web.ts loads it for `npm run dev` only (NODE_ENV=development)']]);
const allowed = new Set([...DEVELOPMENT_ONLY.keys(), ...Object.keys(manifest.dependencies), ...Object.keys(rootManifest.dependencies ?? {}), ...builtinModules]);

function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

describe('the server build', () => {
  it('emits no test code and imports only runtime dependencies', { timeout: 120_000 }, () => {
    const tsc = path.resolve(SERVER, '../../node_modules/typescript/bin/tsc');
    const listed = execFileSync(process.execPath, [tsc, '-p', path.join(SERVER, 'tsconfig.build.json'), '--listFilesOnly'], { encoding: 'utf8' });
    const sources = listed
      .split('\n')
      .map((line) => line.trim())
      .filter((file) => file.startsWith(path.join(SERVER, 'src') + path.sep));
    expect(sources.length).toBeGreaterThan(100);

    const problems: string[] = [];
    for (const file of sources) {
      const relative = path.relative(SERVER, file);
      if (/\.test\.ts$/.test(file) || relative.startsWith(`src${path.sep}test${path.sep}`)) problems.push(`${relative} is test code`);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)(?!\s+type\s)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        const specifier = (match[1] ?? match[2]) as string;
        const name = packageOf(specifier);
        if (name && !name.startsWith('@tessera/') && !allowed.has(name)) problems.push(`${relative} imports ${name}, not a runtime dependency`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** The .js files under a folder. */
function jsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? jsFiles(path.join(dir, entry.name)) : /\.m?js$/.test(entry.name) ? [path.join(dir, entry.name)] : []));
}

describe("the web's server bundle", () => {
  // `npm test` builds before the tests run; the bundle is what `npm start` serves pages with.
  it('imports only the web’s runtime dependencies (and those of the contracts it depends on)', () => {
    const web = path.resolve(SERVER, '../web');
    const files = jsFiles(path.join(web, 'build/server'));
    expect(files.length, 'apps/web/build/server is empty: run `npm run build` first').toBeGreaterThan(0);
    const webManifest = JSON.parse(readFileSync(path.join(web, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const contracts = JSON.parse(readFileSync(path.resolve(SERVER, '../../packages/contracts/package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const runtime = new Set([...Object.keys(webManifest.dependencies), ...Object.keys(contracts.dependencies ?? {}), ...builtinModules]);
    const problems = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:from|import)\s*\(?\s*["']([@\w][\w@./-]*)["']/g)) {
        const name = packageOf(match[1] as string);
        if (name && !name.startsWith('@tessera/') && !runtime.has(name)) problems.add(`${path.relative(web, file)} imports ${name}, not a runtime dependency`);
      }
    }
    expect([...problems]).toEqual([]);
  });
});
