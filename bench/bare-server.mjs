// The reference point of the benchmark: a bare Fastify 5 server with one route and nothing else
// (no logger, no plugins, no database). Whatever Tessera's routes score is read against this, so
// the numbers say "how much do our hooks, validation and database cost" rather than "how fast is
// this machine". It runs as its own process, like Tessera, so both pay the same process and
// socket costs.
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port <= 0) {
  console.error('bare-server: PORT must be set to a port number');
  process.exit(1);
}

const app = Fastify({ logger: false });

// A small JSON object, about the size and shape of a Tessera message envelope.
app.get('/bare', async () => ({ message: 'ok', data: { n: 1 } }));

await app.listen({ port, host });

// The benchmark stops this process with SIGTERM; close cleanly so no socket is left half-open.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
