/**
 * The API and broker alone (no web pages), configured from the environment like main.ts: for tests
 * that run a real server process and kill it (the chat's kill test), without a built web app.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

const app = await buildApp(loadConfig(), { web: false });
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`API running at http://127.0.0.1:${port}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
