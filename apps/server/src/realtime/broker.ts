import net from 'node:net';
import { Readable } from 'node:stream';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AuthContext, AuthService } from '../modules/auth/index.js';
import type { ChatMqtt, ChatUser } from '../modules/chat/index.js';
import { mayPublish, maySubscribe, orderIdOf } from './topic-rules.js';
import { MemorySessionLedger, RedisSessionLedger, SessionExpiry } from './session-expiry.js';

export interface Broker {
  aedes: Aedes;
  /** The TCP port MQTT listens on, when MQTT_TCP_PORT is set (0 picks a free one). */
  tcpPort: number | undefined;
  /** Persistent sessions of clients that never came back end after MQTT_SESSION_EXPIRY_SECONDS. */
  sessions: SessionExpiry;
  close(): Promise<void>;
}

const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

/** Who a connected client is: an account (access token) and/or a chat user (chat userToken). */
interface Identity {
  userId: string;
  account: AuthContext | undefined;
  chatUser: ChatUser | undefined;
}

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * The MQTT broker (aedes) on the same port as the API, over WebSocket at /mqtt, and over plain TCP
 * on MQTT_TCP_PORT when set. A client signs in with its access token or its chat userToken as the
 * password (and, optionally, its user or chat user id as the username). With REDIS_URL set, every
 * instance shares publish/subscribe and QoS 1 sessions through Redis.
 */
export async function startBroker(options: {
  server: Server;
  auth: AuthService;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  chat?: ChatMqtt | undefined;
  tcpPort?: number | undefined;
  tcpHost?: string | undefined;
  /** How long the persistent session of a client that went away is kept (default one day). */
  sessionExpirySeconds?: number | undefined;
  /** Whether a user may follow Order/{orderId} (the buyer, the store's seller, the driver: a lookup). */
  mayFollowOrder?: (identity: AuthContext, orderId: string) => Promise<boolean>;
}): Promise<Broker> {
  const { chat } = options;
  const identities = new WeakMap<Client, Identity>();
  /** Packets delivered live to a persistent client while its session is restored (see below). */
  const restoring = new WeakMap<Client, Set<string>>();
  const sessionExpirySeconds = options.sessionExpirySeconds ?? 86_400;
  let scaleParts: { mq: unknown; persistence: unknown } | undefined;
  let sessionRedis: Redis | undefined;
  if (options.redisUrl) {
    const { default: mqemitterRedis } = await import('mqemitter-redis');
    const { default: redisPersistence } = await import('aedes-persistence-redis');
    const { Redis } = await import('ioredis');
    sessionRedis = new Redis(options.redisUrl);
    scaleParts = {
      mq: mqemitterRedis({ connectionString: options.redisUrl }),
      // Queued packets outlive no session (a backstop should the ledger ever lose a client id).
      persistence: redisPersistence({ conn: sessionRedis, packetTTL: () => sessionExpirySeconds + 3600 }),
    };
  }

  const identify = async (username: string | undefined, password: string): Promise<Identity> => {
    const chatUser = chat ? await chat.userOfToken(password) : undefined;
    if (chatUser) return { userId: chatUser.id, account: undefined, chatUser };
    const account = await options.auth.authenticate({ accessToken: password });
    const accountChatUser = chat ? await chat.forAccount(account) : undefined;
    // A seller signs in with his own id or his store's chat user id.
    const userId = username && accountChatUser && username === accountChatUser.id ? accountChatUser.id : account.userId;
    return { userId, account, chatUser: accountChatUser };
  };

  const aedes = await Aedes.createBroker({
    ...(scaleParts ?? {}),
    authenticate: (client, username, password, done) => {
      if (!password) return done(authError('a password is required', BAD_USERNAME_OR_PASSWORD), false);
      identify(username, password.toString('utf8'))
        .then((identity) => {
          if (username && username !== identity.userId && username !== identity.account?.userId) {
            return done(authError('username does not match the token', BAD_USERNAME_OR_PASSWORD), false);
          }
          identities.set(client, identity);
          if (client.clean === false) restoring.set(client, new Set());
          done(null, true);
        })
        .catch(() => done(authError('token refused', NOT_AUTHORIZED), false));
    },
    authorizeSubscribe: (client, subscription, done) => {
      const identity = identities.get(client);
      // A null subscription is a refusal (granted QoS 128) that keeps the connection open.
      if (!identity) return done(null, null);
      const own = [identity.userId, identity.account?.userId, identity.chatUser?.id].some((id) => id !== undefined && maySubscribe(id, subscription.topic));
      if (own) return done(null, subscription);
      const orderId = orderIdOf(subscription.topic);
      if (orderId) {
        if (!identity.account || !options.mayFollowOrder) return done(null, null);
        options
          .mayFollowOrder(identity.account, orderId)
          .then((allowed) => done(null, allowed ? subscription : null))
          .catch(() => done(null, null));
        return;
      }
      if (!chat || !identity.chatUser) return done(null, null);
      chat
        .mayWatch(identity.chatUser, subscription.topic)
        .then((allowed) => done(null, allowed ? subscription : null))
        .catch(() => done(null, null));
    },
    authorizeForward: (client, packet) => {
      // Live deliveries during a restore (the queue's own packets carry a writeCallback).
      const seen = restoring.get(client);
      if (seen && packet.qos > 0 && packet.brokerId && !('writeCallback' in packet)) seen.add(`${packet.brokerId}:${packet.brokerCounter}`);
      return packet;
    },
    authorizePublish: (client, packet, done) => {
      const identity = client ? identities.get(client) : undefined;
      // Without a chat user (a guest), a client may publish its own presence only.
      if (!chat || !identity?.chatUser) {
        if (identity && mayPublish(identity.userId, packet.topic)) return done(null);
        // MQTT 3.1.1 has no negative PUBACK: the broker drops the packet and closes the connection.
        return done(new Error(`not allowed to publish to ${packet.topic}`));
      }
      chat
        .authorizePublish(aedes, client, identity?.chatUser, packet)
        .then((decision) => done(decision instanceof Error ? decision : null))
        .catch((error: unknown) => done(error instanceof Error ? error : new Error(String(error))));
    },
  });
  skipQueuedCopiesOfLiveDeliveries(aedes, restoring);
  aedes.on('clientError', (client, error) => options.log.debug({ clientId: client.id, err: error }, 'mqtt client error'));
  const sessions = new SessionExpiry({
    aedes,
    ledger: sessionRedis ? new RedisSessionLedger(sessionRedis) : new MemorySessionLedger(),
    expiryMs: sessionExpirySeconds * 1000,
    log: options.log,
    redis: sessionRedis,
  });
  sessions.start();
  aedes.on('clientReady', (client) => {
    restoring.delete(client);
    sessions.connected(client);
  });
  aedes.on('clientDisconnect', (client) => {
    restoring.delete(client);
    sessions.disconnected(client);
  });
  if (chat) {
    aedes.on('clientReady', (client) => {
      const chatUser = identities.get(client)?.chatUser;
      if (chatUser) chat.connected(client, chatUser);
    });
    aedes.on('clientDisconnect', (client) => {
      const chatUser = identities.get(client)?.chatUser;
      if (chatUser) chat.disconnected(aedes, client, chatUser);
    });
  }

  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://local').pathname !== '/mqtt') return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      aedes.handle(createWebSocketStream(ws), request);
    });
  };
  options.server.on('upgrade', onUpgrade);

  // Native clients (and Mosquitto's own tools) speak MQTT over plain TCP.
  let tcp: net.Server | undefined;
  let tcpPort: number | undefined;
  if (options.tcpPort !== undefined) {
    const server = net.createServer((socket) => aedes.handle(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.tcpPort, options.tcpHost, () => resolve());
    });
    tcp = server;
    tcpPort = (server.address() as net.AddressInfo).port;
  }

  return {
    aedes,
    tcpPort,
    sessions,
    close: async () => {
      sessions.stop();
      options.server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      if (tcp) {
        const closing = new Promise<void>((resolve) => (tcp as net.Server).close(() => resolve()));
        for (const client of Object.values((aedes as unknown as { clients: Record<string, Client> }).clients)) client.close();
        await closing;
      }
      // Let each client's disconnect clean-up reach the persistence before it is shut, or its
      // last writes fail against a closed Redis connection.
      for (let waited = 0; aedes.connectedClients > 0 && waited < 2000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}

/**
 * aedes restores a persistent client's subscriptions, and so starts live delivery, before it sends
 * the client's queue; a message published in between is in the queue (until the client's PUBACK)
 * and was delivered live, so it reached the client twice (seen on PostgreSQL, where the outbox is
 * slower). The queue read during the restore skips what was already delivered live in it. The entry
 * stays queued until that delivery's PUBACK clears it, so a client gone before acknowledging gets
 * it at its next connect: nothing is dropped. The window ends when the client is ready; after it,
 * aedes' own per-broker counter keeps live deliveries single.
 */
function skipQueuedCopiesOfLiveDeliveries(aedes: Aedes, restoring: WeakMap<Client, Set<string>>): void {
  type Queued = { brokerId?: string; brokerCounter?: number };
  const persistence = (aedes as unknown as { persistence: { outgoingStream(client: Client): AsyncIterable<Queued> } }).persistence;
  const outgoingStream = persistence.outgoingStream.bind(persistence);
  persistence.outgoingStream = (client: Client) => {
    const queue = outgoingStream(client);
    const live = restoring.get(client);
    if (!live) return queue;
    return Readable.from(
      (async function* () {
        for await (const packet of queue) if (!live.has(`${packet.brokerId}:${packet.brokerCounter}`)) yield packet;
      })(),
    );
  };
}
