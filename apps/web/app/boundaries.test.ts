import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

// The boundary rule of eslint.config.js (docs/web.md, "Where things are"), run as `npm run lint` runs it.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repo });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: path.join(repo, 'apps/web/app', file) });
  return results
    .flatMap((r) => r.messages)
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('web import boundaries', () => {
  // Loading the config (typescript-eslint and all) is the slow part: once, before the cases.
  beforeAll(() => eslint.calculateConfigForFile(path.join(repo, 'apps/web/app/lib/x.ts')), 60_000);

  it('stops lib/ importing a feature', async () => {
    const errors = await boundaryErrors('lib/money.ts', "import { formatPrice } from '../features/catalog/format';\nexport const f = formatPrice;\n");
    expect(errors).toEqual([expect.stringContaining('app/lib and app/ui serve every feature and import none')]);
  });

  it('stops ui/ importing a feature, even for a type', async () => {
    const errors = await boundaryErrors(
      'ui/Widget.tsx',
      "import type { PortalSession } from '../features/portal-shell/session';\nexport type S = PortalSession;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('stops lib/ and ui/ importing a route module', async () => {
    expect(await boundaryErrors('ui/Widget.tsx', "import { meta } from '../routes/home';\nexport const m = meta;\n")).toEqual([
      expect.stringContaining('app/lib and app/ui never import route modules.'),
    ]);
  });

  it('stops a feature importing a route module', async () => {
    const errors = await boundaryErrors(
      'features/orders/seller/Page.tsx',
      "import { loader } from '../../../routes/seller/orders';\nexport const l = loader;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Features never import route modules: routes compose features, not the reverse.')]);
  });

  it('lets a feature import ui/, lib/ and another feature', async () => {
    const code = [
      "import { Card } from '../../../ui/bits';",
      "import { errorText } from '../../../lib/errors';",
      "import { formatPrice } from '../../catalog/format';",
      'export const all = [Card, errorText, formatPrice];',
      '',
    ].join('\n');
    expect(await boundaryErrors('features/orders/seller/Page.tsx', code)).toEqual([]);
  });
});
