import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js (docs/server.md): a module is used through its index.ts, and
 * lib/, db/, http/ never import the modules or the composition root. Linted as `npm run lint` would,
 * on code written at a path inside the server.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: repoRoot });
  // The first lint loads the configuration and its parsers (seconds on a busy machine).
  await eslint.lintText('export {};\n', { filePath: path.join(repoRoot, 'apps/server/src/lib/warm-up.ts') });
});

async function importMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [value];\n`, { filePath: path.join(repoRoot, 'apps/server/src', filePath) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('module boundaries', () => {
  it("refuses a module reaching into another module's files, from the module's folder and from a sub-folder", async () => {
    const top = await importMessages('modules/cart/cart-extra.ts', "import { value } from '../catalog/model/read-model.js';");
    expect(top).toEqual([expect.stringContaining("Import another server module through its index.ts ('…/<module>/index.js')")]);
    expect(top[0]).toMatch(/^no-restricted-imports: '..\/catalog\/model\/read-model.js' import is restricted/);
    const nested = await importMessages('modules/cart/pricing/extra.ts', "import { value } from '../../catalog/model/read-model.js';");
    expect(nested).toEqual([expect.stringContaining('Import another server module through its index.ts')]);
    const file = await importMessages('modules/cart/pricing/extra.ts', "import { value } from '../../catalog/catalog.module.js';");
    expect(file).toEqual([expect.stringContaining('Import another server module through its index.ts')]);
  });

  it("accepts another module's index, the module's own files and the lower layers", async () => {
    expect(await importMessages('modules/cart/cart-extra.ts', "import { value } from '../catalog/index.js';")).toEqual([]);
    expect(await importMessages('modules/cart/pricing/extra.ts', "import { value } from '../../catalog/index.js';")).toEqual([]);
    expect(await importMessages('modules/cart/pricing/extra.ts', "import { value } from '../cart.service.js';")).toEqual([]);
    expect(await importMessages('modules/catalog/admin/extra.ts', "import { value } from '../model/read-model.js';")).toEqual([]);
    expect(await importMessages('modules/cart/cart-extra.ts', "import { value } from '../../lib/errors.js';")).toEqual([]);
  });

  it('refuses the composition root reaching past an index', async () => {
    expect(await importMessages('services-extra.ts', "import { value } from './modules/catalog/model/read-model.js';")).toEqual([
      expect.stringContaining('Import another server module through its index.ts'),
    ]);
    expect(await importMessages('services-extra.ts', "import { value } from './modules/catalog/index.js';")).toEqual([]);
  });
});

describe('layers', () => {
  it('refuses lib/, db/ and http/ importing a module, services.ts or app.ts', async () => {
    const refused = 'lib/, db/ and http/ sit below the modules';
    expect(await importMessages('lib/extra.ts', "import { value } from '../modules/catalog/index.js';")).toEqual([expect.stringContaining(refused)]);
    expect(await importMessages('lib/extra.ts', "import { value } from '../services.js';")).toEqual([expect.stringContaining(refused)]);
    expect(await importMessages('http/extra.ts', "import { value } from '../app.js';")).toEqual([expect.stringContaining(refused)]);
    expect(await importMessages('db/migrations/extra.ts', "import { value } from '../../modules/cart/cart.service.js';")).toEqual([
      expect.stringContaining(refused),
    ]);
    expect(await importMessages('lib/extra.ts', "import { value } from './errors.js';")).toEqual([]);
  });

  it("lets db/schema.ts name the modules' tables, type-only", async () => {
    expect(await importMessages('db/schema.ts', "import type { CartTables as value } from '../modules/cart/index.js';")).toEqual([]);
    expect(await importMessages('db/schema.ts', "import { value } from '../modules/cart/index.js';")).toEqual([
      expect.stringContaining('lib/, db/ and http/ sit below the modules'),
    ]);
  });
});
