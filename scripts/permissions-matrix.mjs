#!/usr/bin/env node
// `npm run docs:permissions`: writes docs/permissions.md, the permissions matrix, from the access
// every API route declares (apps/server/src/permissions-matrix.ts builds the server on an
// in-memory database and reads its routes). `--check` writes nothing and exits 1 when the file is
// out of date. Needs the contracts package built (`npm run build -w @tessera/contracts`).
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

// The server's TypeScript sources run as they are, without a build.
register();
const { PERMISSIONS_DOC, readRouteAccess, renderPermissionsDoc } = await import('../apps/server/src/permissions-matrix.ts');

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const relative = path.relative(root, PERMISSIONS_DOC);
const routes = await readRouteAccess();
const content = renderPermissionsDoc(routes);

if (process.argv.includes('--check')) {
  const current = fs.existsSync(PERMISSIONS_DOC) ? fs.readFileSync(PERMISSIONS_DOC, 'utf8') : '';
  if (current !== content) {
    console.error(`${relative} is out of date: run npm run docs:permissions`);
    process.exit(1);
  }
  console.log(`${relative} is up to date (${routes.length} routes)`);
} else {
  fs.writeFileSync(PERMISSIONS_DOC, content);
  console.log(`wrote ${relative} (${routes.length} routes)`);
}
