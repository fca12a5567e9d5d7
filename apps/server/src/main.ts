import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo.js';
import { DEMO_DRIVER } from './modules/tracking/index.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    // One clear line naming the variable, no stack: this is the operator's mistake, not a crash.
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = config.publicUrl.replace(/:\d+$/, `:${port}`);
const database = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
console.log(
  [
    '',
    `  Tessera is running at ${url}  (${config.mode}, ${database}${config.redisUrl ? ', Redis' : ''})`,
    `  API documentation: ${url}/docs`,
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.label.padEnd(22)} ${a.email}`),
    `    ${'Driver (at /driver)'.padEnd(22)} ${DEMO_DRIVER.email}`,
    '',
  ].join('\n'),
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  // A stuck request must not keep the process alive forever.
  const deadline = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  deadline.unref();
  // Connections that finish a request after close began stay open on keep-alive; close each as
  // soon as it goes idle, so shutdown does not wait for the client to hang up.
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
  sweeper.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
