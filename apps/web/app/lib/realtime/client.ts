import type { IClientOptions, MqttClient } from 'mqtt';
import { classifyError, consoleLogger, needsNewCredentials, REALTIME_ERRORS, type RealtimeErrorCode, type RealtimeLogger } from './errors';
import {
  checkConnectArguments,
  checkQos,
  checkTopic,
  DEFAULT_QOS,
  DEFAULT_TIMEOUT_MS,
  KEEPALIVE_SECONDS,
  OFFLINE_BUFFER_SIZE,
  PROTOCOL_IDS,
  reconnectDelay,
  type ProtocolVersion,
} from './settings';

/**
 * The one MQTT client of a browser tab (DESIGN §2: mqtt.js 5 over WebSocket at /mqtt), shared by
 * every page that needs live data: the message center, unread badges, live order tracking. It keeps
 * the seed's settings (keep-alive 60 s, reconnect 1 s doubling to 128 s, MQTT 3.1.1 then 3.1, a
 * 5000-message offline buffer, 30 s timeouts, QoS 1) and adds what a shared client needs:
 *
 * - subscriptions are reference-counted: pages subscribe and unsubscribe freely, the broker hears
 *   one SUBSCRIBE per topic and one UNSUBSCRIBE when the last page lets go;
 * - a persistent session (clean false, a stable client id) so QoS 1 messages wait at the broker
 *   while the tab is offline, and every topic is subscribed again after a reconnect in case the
 *   broker lost the session;
 * - credentials are asked for on each connect, and asked afresh after a refusal (an expired token);
 * - errors are logged with a code (./errors.ts) and turned into a state pages can show calmly.
 */

export interface RealtimeCredentials {
  username: string;
  password: string;
}

export type RealtimeState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

export type MessageHandler = (payload: unknown, topic: string) => void;

export interface PublishOptions {
  qos?: 0 | 1 | 2;
  retain?: boolean;
}

export interface WillMessage {
  topic: string;
  payload: unknown;
  qos?: 0 | 1 | 2;
  retain?: boolean;
}

type ConnectFn = (url: string, options: IClientOptions) => MqttClient;

export interface RealtimeClientOptions {
  url: string;
  /** Stable per tab: with clean false the broker keeps the session (and its QoS 1 messages) by it. */
  clientId: string;
  /**
   * The user name and password to connect with; null when there are none yet (nothing connects).
   * `refused`: the broker refused the last ones, so cached ones must not be given again.
   */
  credentials(options: { refused: boolean }): Promise<RealtimeCredentials | null>;
  protocolVersion?: ProtocolVersion;
  qos?: 0 | 1 | 2;
  /** The last will, given the user name it is for (presence: "away" when the tab goes). */
  will?(username: string): WillMessage | undefined;
  /** After every successful connect (presence: "online"). */
  onConnect?(client: RealtimeClient): void;
  logger?: RealtimeLogger;
  /** mqtt.js' connect; loaded on first use when left out so pages without live data never carry it. */
  connect?: ConnectFn;
  timeoutMs?: number;
}

interface Subscription {
  handlers: Set<MessageHandler>;
  /** Called each time the broker grants the subscription (first time and after every reconnect). */
  granted: Set<() => void>;
  /** Whether the broker has granted it on the current connection. */
  live: boolean;
  qos: 0 | 1 | 2;
}

interface Buffered {
  topic: string;
  payload: string;
  options: { qos: 0 | 1 | 2; retain: boolean };
  resolve(): void;
  reject(error: Error): void;
}

export class RealtimeBufferFullError extends Error {
  constructor() {
    super('The offline buffer is full');
    this.name = 'RealtimeBufferFullError';
  }
}

/** mqtt.js' connect: its browser build exports only a default object, Node's build named exports. */
async function loadMqttConnect(): Promise<ConnectFn> {
  const module = (await import('mqtt')) as unknown as { connect?: ConnectFn; default?: { connect?: ConnectFn } };
  const connect = module.connect ?? module.default?.connect;
  if (!connect) throw new Error('mqtt.js has no connect function');
  return connect;
}

function encode(payload: unknown): string {
  return typeof payload === 'string' ? payload : JSON.stringify(payload);
}

function decode(bytes: Uint8Array): unknown {
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export class RealtimeClient {
  private readonly options: RealtimeClientOptions;
  private readonly logger: RealtimeLogger;
  private readonly qos: 0 | 1 | 2;
  private readonly timeoutMs: number;
  private protocolVersion: ProtocolVersion;
  private mqtt: MqttClient | undefined;
  private starting: Promise<void> | undefined;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly buffer: Buffered[] = [];
  private readonly stateListeners = new Set<(state: RealtimeState) => void>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private refused = false;
  private stopped = false;
  private currentState: RealtimeState = 'idle';
  private currentUser: string | undefined;
  /** Between a connect attempt and its socket's 'close'. */
  private linkOpen = false;

  constructor(options: RealtimeClientOptions) {
    checkConnectArguments({ clientId: options.clientId, protocolVersion: options.protocolVersion });
    checkQos(options.qos ?? DEFAULT_QOS);
    this.options = options;
    this.logger = options.logger ?? consoleLogger;
    this.qos = options.qos ?? DEFAULT_QOS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.protocolVersion = options.protocolVersion ?? 4;
  }

  get state(): RealtimeState {
    return this.currentState;
  }

  /** The user name of the current connection (the user's id), once connected. */
  get username(): string | undefined {
    return this.currentUser;
  }

  /** The MQTT version in use: 4 (3.1.1), or 3 (3.1) after a broker refused 4. */
  get protocol(): ProtocolVersion {
    return this.protocolVersion;
  }

  /** How many publishes wait for a connection. */
  get buffered(): number {
    return this.buffer.length;
  }

  onState(listener: (state: RealtimeState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private setState(state: RealtimeState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private log(code: RealtimeErrorCode, details: Record<string, unknown> = {}): void {
    this.logger.warn(code, { clientId: this.options.clientId, ...details });
  }

  /** Connects (once; later calls share the first). Resolves when the first attempt has been made. */
  start(): Promise<void> {
    this.stopped = false;
    this.starting ??= this.open()
      .catch((error: unknown) => {
        // The client library could not be loaded (offline), or the connect threw: try again later.
        this.log(REALTIME_ERRORS.socketError, { reason: error instanceof Error ? error.message : String(error) });
        this.linkOpen = false;
        this.setState('reconnecting');
        this.scheduleReconnect();
      })
      .finally(() => {
        this.starting = undefined;
      });
    return this.starting;
  }

  private async open(): Promise<void> {
    // A socket is open or opening: nothing to do until it closes.
    if (this.linkOpen) return;
    const credentials = await this.options.credentials({ refused: this.refused }).catch((error: unknown) => {
      this.log(REALTIME_ERRORS.badCredentials, { reason: error instanceof Error ? error.message : String(error) });
      return null;
    });
    if (this.stopped) return;
    if (!credentials) {
      // Nobody to connect as (yet): try again later, as after a failed attempt.
      this.scheduleReconnect();
      return;
    }
    checkConnectArguments({ clientId: this.options.clientId, protocolVersion: this.protocolVersion, ...credentials });
    this.refused = false;
    this.currentUser = credentials.username;
    const will = this.options.will?.(credentials.username);
    const settings: IClientOptions = {
      clientId: this.options.clientId,
      clean: false,
      keepalive: KEEPALIVE_SECONDS,
      connectTimeout: this.timeoutMs,
      // Reconnects are ours: mqtt.js waits a fixed period, the seed doubles it.
      reconnectPeriod: 0,
      protocolVersion: this.protocolVersion,
      protocolId: PROTOCOL_IDS[this.protocolVersion],
      username: credentials.username,
      password: credentials.password,
      resubscribe: false,
      queueQoSZero: false,
      // mqtt.js' default runs its timers in a blob: worker, which the pages' CSP (worker-src 'self')
      // refuses; native timers it is (a hidden tab may then miss a ping and reconnect when shown).
      timerVariant: 'native',
      ...(will ? { will: { topic: will.topic, payload: encode(will.payload), qos: will.qos ?? this.qos, retain: will.retain ?? false } } : {}),
    };
    this.setState(this.attempt === 0 && this.currentState !== 'reconnecting' ? 'connecting' : 'reconnecting');
    if (this.mqtt) {
      // connect(), not reconnect(): reconnect() starts with empty stores and would lose the
      // QoS 1 publishes the broker has not acknowledged yet.
      Object.assign(this.mqtt.options, settings);
      this.linkOpen = true;
      this.mqtt.connect();
      return;
    }
    const connect = this.options.connect ?? (await loadMqttConnect());
    if (this.stopped) return;
    this.linkOpen = true;
    const client = connect(this.options.url, settings);
    this.mqtt = client;
    // Events of a client stopped meanwhile (logout, then a new session) are not ours any more.
    const current = () => this.mqtt === client;
    client.on('connect', () => current() && this.onConnected());
    client.on('message', (topic, payload) => current() && this.dispatch(topic, payload));
    client.on('error', (error) => current() && this.onError(error));
    client.on('close', () => current() && this.onClosed());
  }

  private onConnected(): void {
    this.attempt = 0;
    this.setState('connected');
    // Every topic again: cheap, and right even when the broker lost our session.
    for (const [topic, subscription] of this.subscriptions) {
      subscription.live = false;
      this.sendSubscribe(topic, subscription.qos);
    }
    // What was published offline goes out in order; the buffer empties as it is handed over.
    for (const item of this.buffer.splice(0)) this.sendPublish(item);
    this.options.onConnect?.(this);
  }

  private onError(error: Error): void {
    const code = classifyError(error);
    this.log(code, { reason: error.message, protocolVersion: this.protocolVersion });
    if (code === REALTIME_ERRORS.refusedProtocol && this.protocolVersion === 4) {
      // An MQTT 3.1 broker: ask again in its dialect, at once.
      this.protocolVersion = 3;
      this.attempt = 0;
    }
    if (needsNewCredentials(code)) this.refused = true;
  }

  private onClosed(): void {
    this.linkOpen = false;
    if (this.stopped) {
      this.setState('closed');
      return;
    }
    if (this.currentState === 'connected') this.log(REALTIME_ERRORS.socketClosed);
    this.setState('reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.start();
    }, delay);
  }

  /** The network is back (the browser's 'online' event): try now rather than at the next backoff. */
  retryNow(): void {
    if (this.stopped || this.currentState === 'connected') return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.attempt = 0;
    void this.start();
  }

  private dispatch(topic: string, bytes: Uint8Array): void {
    const subscription = this.subscriptions.get(topic);
    if (!subscription) return;
    const payload = decode(bytes);
    for (const handler of [...subscription.handlers]) {
      try {
        handler(payload, topic);
      } catch (error) {
        // One page's handler failing must not starve the others.
        console.error('[realtime] message handler failed', topic, error);
      }
    }
  }

  private withTimeout(code: RealtimeErrorCode, topic: string, run: (done: (error?: Error | null) => void) => void): void {
    const timer = setTimeout(() => this.log(code, { topic }), this.timeoutMs);
    run((error) => {
      clearTimeout(timer);
      if (error) this.log(code === REALTIME_ERRORS.subscribeTimeout ? REALTIME_ERRORS.subscribeRefused : code, { topic, reason: error.message });
    });
  }

  private sendSubscribe(topic: string, qos: 0 | 1 | 2): void {
    const client = this.mqtt;
    if (!client?.connected) return;
    this.withTimeout(REALTIME_ERRORS.subscribeTimeout, topic, (done) =>
      client.subscribe(topic, { qos }, (error, grants) => {
        done(error);
        // A granted QoS of 128 is the broker's refusal (the topic rules).
        if (error || !grants?.length || grants.some((grant) => grant.qos === 128)) return;
        const subscription = this.subscriptions.get(topic);
        if (!subscription) return;
        subscription.live = true;
        for (const granted of [...subscription.granted]) granted();
      }),
    );
  }

  /**
   * Calls `handler` with each message on `topic` (JSON decoded) until the returned function is
   * called. Connects on first use.
   */
  subscribe(topic: string, handler: MessageHandler, options: { qos?: 0 | 1 | 2; onGranted?: () => void } = {}): () => void {
    checkTopic(topic);
    const qos = options.qos ?? this.qos;
    checkQos(qos);
    let subscription = this.subscriptions.get(topic);
    const onGranted = options.onGranted;
    if (!subscription) {
      subscription = { handlers: new Set(), granted: new Set(), live: false, qos };
      this.subscriptions.set(topic, subscription);
      if (onGranted) subscription.granted.add(onGranted);
      this.sendSubscribe(topic, qos);
    } else if (onGranted) {
      subscription.granted.add(onGranted);
      if (subscription.live) onGranted();
    }
    subscription.handlers.add(handler);
    void this.start();
    let active = true;
    const held = subscription;
    return () => {
      if (!active) return;
      active = false;
      if (onGranted) held.granted.delete(onGranted);
      this.release(topic, handler);
    };
  }

  private release(topic: string, handler: MessageHandler): void {
    const subscription = this.subscriptions.get(topic);
    if (!subscription) return;
    subscription.handlers.delete(handler);
    if (subscription.handlers.size > 0) return;
    this.subscriptions.delete(topic);
    const client = this.mqtt;
    if (client?.connected) {
      this.withTimeout(REALTIME_ERRORS.unsubscribeTimeout, topic, (done) => client.unsubscribe(topic, (error) => done(error ?? null)));
    }
  }

  /** How many handlers listen on a topic (0 when nobody does). */
  listeners(topic: string): number {
    return this.subscriptions.get(topic)?.handlers.size ?? 0;
  }

  /**
   * Publishes (JSON-encoding anything but a string). Connected: resolves when the broker has it
   * (PUBACK for QoS 1). Offline: waits in the buffer and goes out on reconnect; a full buffer
   * refuses it (logged, and the promise rejects with RealtimeBufferFullError).
   */
  publish(topic: string, payload: unknown, options: PublishOptions = {}): Promise<void> {
    checkTopic(topic);
    const qos = options.qos ?? this.qos;
    checkQos(qos);
    return new Promise<void>((resolve, reject) => {
      const item: Buffered = { topic, payload: encode(payload), options: { qos, retain: options.retain ?? false }, resolve, reject };
      if (this.mqtt?.connected) {
        this.sendPublish(item);
        return;
      }
      if (this.buffer.length >= OFFLINE_BUFFER_SIZE) {
        this.log(REALTIME_ERRORS.bufferFull, { topic, size: OFFLINE_BUFFER_SIZE });
        reject(new RealtimeBufferFullError());
        return;
      }
      this.buffer.push(item);
      void this.start();
    });
  }

  private sendPublish(item: Buffered): void {
    const client = this.mqtt;
    if (!client) return;
    // mqtt.js keeps an unacknowledged QoS 1 publish in its store and sends it again after a reconnect.
    client.publish(item.topic, item.payload, item.options, (error) => {
      if (error) {
        this.log(REALTIME_ERRORS.socketError, { topic: item.topic, reason: error.message });
        item.reject(error);
      } else item.resolve();
    });
  }

  /** Disconnects for good (logout). Buffered publishes are dropped: they belonged to that session. */
  async stop(options: { beforeClose?: (client: RealtimeClient) => Promise<void> } = {}): Promise<void> {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    if (this.mqtt?.connected && options.beforeClose) await options.beforeClose(this).catch(() => undefined);
    this.stopped = true;
    for (const item of this.buffer.splice(0)) item.reject(new Error('The real-time client was stopped'));
    const client = this.mqtt;
    this.mqtt = undefined;
    this.attempt = 0;
    this.currentUser = undefined;
    if (client) await client.endAsync(true).catch(() => undefined);
    this.linkOpen = false;
    this.setState('closed');
  }
}
