import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.js';
import { mayPublish, maySubscribe } from './topic-rules.js';

export interface Broker {
  aedes: Aedes;
  close(): Promise<void>;
}

const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * The MQTT broker (aedes) on the same port as the API, over WebSocket at /mqtt. A client signs in
 * with its user id as the MQTT username and its access token as the password. With REDIS_URL set,
 * every instance shares publish/subscribe and QoS 1 sessions through Redis.
 */
export async function startBroker(options: {
  server: Server;
  auth: AuthService;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<Broker> {
  const identities = new WeakMap<Client, AuthContext>();
  let scaleParts: { mq: unknown; persistence: unknown } | undefined;
  if (options.redisUrl) {
    const { default: mqemitterRedis } = await import('mqemitter-redis');
    const { default: redisPersistence } = await import('aedes-persistence-redis');
    const { Redis } = await import('ioredis');
    scaleParts = {
      mq: mqemitterRedis({ connectionString: options.redisUrl }),
      persistence: redisPersistence({ conn: new Redis(options.redisUrl) }),
    };
  }

  const aedes = await Aedes.createBroker({
    ...(scaleParts ?? {}),
    authenticate: (client, username, password, done) => {
      if (!password) return done(authError('a password is required', BAD_USERNAME_OR_PASSWORD), false);
      options.auth
        .authenticate({ accessToken: password.toString('utf8') })
        .then((identity) => {
          if (username && username !== identity.userId) {
            return done(authError('username does not match the token', BAD_USERNAME_OR_PASSWORD), false);
          }
          identities.set(client, identity);
          done(null, true);
        })
        .catch(() => done(authError('token refused', NOT_AUTHORIZED), false));
    },
    authorizeSubscribe: (client, subscription, done) => {
      const identity = identities.get(client);
      if (identity && maySubscribe(identity.userId, subscription.topic)) return done(null, subscription);
      // A null subscription is a refusal (granted QoS 128) that keeps the connection open.
      done(null, null);
    },
    authorizePublish: (client, packet, done) => {
      const identity = client && identities.get(client);
      if (identity && mayPublish(identity.userId, packet.topic)) return done(null);
      // MQTT 3.1.1 has no negative PUBACK: the broker drops the packet and closes the connection.
      done(new Error(`not allowed to publish to ${packet.topic}`));
    },
  });
  aedes.on('clientError', (client, error) => options.log.debug({ clientId: client.id, err: error }, 'mqtt client error'));

  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://local').pathname !== '/mqtt') return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      aedes.handle(createWebSocketStream(ws), request);
    });
  };
  options.server.on('upgrade', onUpgrade);

  return {
    aedes,
    close: async () => {
      options.server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      // Let each client's disconnect clean-up reach the persistence before it is shut, or its
      // last writes fail against a closed Redis connection.
      for (let waited = 0; aedes.connectedClients > 0 && waited < 2000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
