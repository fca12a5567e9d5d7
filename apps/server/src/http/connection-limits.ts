import type { Server, ServerOptions } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Fastify's options that cut slow clients off: a request whose headers and body have not all
 * arrived within `requestTimeoutSeconds` is answered 408 and its connection closed (Fastify's own
 * default is no limit, so a client dribbling a declared 1 MB body held its connection for ever).
 * Node checks incomplete requests every `connectionsCheckingInterval`; WebSocket connections
 * (/mqtt) are upgraded out of the HTTP parser and are not affected.
 */
export function slowClientTimeouts(requestTimeoutSeconds: number): { requestTimeout: number; http: ServerOptions } {
  const requestTimeout = requestTimeoutSeconds * 1000;
  return {
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.floor(requestTimeout / 4))),
    },
  };
}

/**
 * Bounds the connections one client address may hold open at once (0: no bound). Beyond it a new
 * connection is closed before a byte is read: a single address cannot exhaust the server's sockets
 * or memory with idle or slow connections. Behind a load balancer (TRUST_PROXY) every connection
 * comes from the balancer, which must do this itself; the limit is off there by default.
 */
export function limitConnectionsPerAddress(server: Server, max: number, log: FastifyBaseLogger): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  const warnedAt = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      // One line a minute per address, not one per refused connection.
      const now = Date.now();
      if (now - (warnedAt.get(address) ?? 0) > 60_000) {
        warnedAt.set(address, now);
        log.warn({ remoteAddress: address, limit: max }, 'too many open connections from one address: new ones are closed');
      }
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else {
        open.delete(address);
        warnedAt.delete(address);
      }
    });
  });
}
