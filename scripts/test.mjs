#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest — types, lint, build, then the unit,
// integration (SQLite, and PostgreSQL when TEST_DATABASE_URL is set) and browser tests — ending
// with one plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const requireE2e = process.env.REQUIRE_E2E === '1';

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds} s`);
    return false;
  }
  console.log(`✔ ${label} (${seconds} s)`);
  return true;
}

if (!fs.existsSync(chrome)) {
  const banner = '!'.repeat(78);
  console.warn(`\n${banner}\n  No Chromium at ${chrome}: the browser (end-to-end) tests will be SKIPPED.\n  Install it (apt-get install chromium) or set CHROME_PATH.${requireE2e ? '\n  REQUIRE_E2E=1 is set, so this run FAILS.' : ''}\n${banner}\n`);
  if (requireE2e) process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the integration suite runs on SQLite only.');
}

const ok =
  run('typecheck', 'npm', ['run', 'typecheck', '--silent']) &&
  run('lint', 'npm', ['run', 'lint', '--silent']) &&
  run('build', 'npm', ['run', 'build', '--silent']);
if (!ok) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

const report = path.join(root, 'test-results', 'vitest.json');
fs.rmSync(report, { force: true });
const passed = run('tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
let summary = passed ? '0 passed, 0 failed' : '0 passed, 1 failed';
if (fs.existsSync(report)) {
  const results = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = results.numPendingTests + results.numTodoTests;
  // A failed test also fails its describe block and its file (vitest counts those as suites): count
  // the tests. A file that fails to load fails no single test; count it then, so a red run never
  // reads "0 failed".
  const failed = Math.max(results.numFailedTests || results.numFailedTestSuites, passed ? 0 : 1);
  summary = `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
console.log(`\n${summary}`);
process.exit(passed ? 0 : 1);
