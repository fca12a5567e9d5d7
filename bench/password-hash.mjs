// What one password check costs: the scrypt parameters the server uses (apps/server/src/modules/
// accounts/passwords.ts), measured in this process, one hash at a time (one core), for a few seconds.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function measurePasswordHashing({ repoRoot, seconds = 3 }) {
  const module = path.join(repoRoot, 'apps/server/dist/modules/accounts/passwords.js');
  const { hashPassword, verifyPassword } = await import(pathToFileURL(module).href);
  const stored = await hashPassword('Bench-password-1'); // warm-up, and a hash to verify against
  const until = performance.now() + seconds * 1000;
  const times = [];
  while (performance.now() < until) {
    const started = performance.now();
    await verifyPassword('Bench-password-1', stored);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return {
    parameters: stored.split('$').slice(1, 4).join(','),
    checks: times.length,
    meanMs: mean,
    p99Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))],
    perSecondOneCore: 1000 / mean,
  };
}
