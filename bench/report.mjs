// The printed table and bench/results/latest.json, both from the same numbers.
import fs from 'node:fs';
import path from 'node:path';

/** Requests per second relative to the bare Fastify route: the number to compare across machines. */
function ratio(result, bare) {
  return bare ? result.requestsPerSecond / bare.requestsPerSecond : null;
}

// autocannon's latency histogram counts whole milliseconds: 0 means under one millisecond.
const ms = (value) => (value === 0 ? '<1' : Number.isInteger(value) ? String(value) : value.toFixed(1));

export function printReport(environment, results) {
  const bare = results.find((r) => r.target === 'bare');
  const rows = [
    ['target', 'conns', 'req/s (avg)', 'p50 ms', 'p90 ms', 'p99 ms', 'vs bare'],
    ...results.map((r) => {
      const x = ratio(r, bare);
      return [
        r.label,
        String(r.connections),
        Math.round(r.requestsPerSecond).toLocaleString('en-US'),
        ms(r.latencyMs.p50),
        ms(r.latencyMs.p90),
        ms(r.latencyMs.p99),
        x === null ? 'n/a (bare not run)' : `${x.toFixed(2)}× bare`,
      ];
    }),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  // Text left-aligned, numbers right-aligned.
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');

  console.log('');
  console.log(
    `Database: ${environment.database} · Node ${environment.node} · ${environment.cpus} CPUs · ` +
      `${environment.durationSeconds} s per target · ${environment.connections} connections unless the table says otherwise`,
  );
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log('');
}

export function writeReport(file, environment, results) {
  const bare = results.find((r) => r.target === 'bare');
  const json = {
    ...environment,
    results: results.map((r) => ({ ...r, ratioToBare: ratio(r, bare) })),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(json, null, 2) + '\n');
}
