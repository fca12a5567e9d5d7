import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZChatMessagesResponseSchema } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { chatBuyer, chatHeaders, chatStore, openDirectChat, sendChat, type ChatActor } from '../../test/chat.js';

/**
 * The chat over plain TCP (MQTT_TCP_PORT) with Mosquitto's own command-line clients — an MQTT stack
 * we did not write — in MQTT 3.1.1 and 3.1 (Debian package mosquitto-clients, installed by .ci/run).
 */
let t: TestApp;
let port: number;
let buyer: ChatActor;
let store: ChatActor;
let conversationId: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a Mosquitto client; `onOutput` sees its output as it comes (for -d debug lines). */
function run(command: string, args: string[], onOutput?: (text: string) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onOutput?.(stdout);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const auth = (actor: ChatActor) => ['-h', '127.0.0.1', '-p', String(port), '-u', actor.chatUserId, '-P', actor.userToken];

beforeAll(async () => {
  t = await createTestApp({ mqttTcpPort: 0, host: '127.0.0.1', chatMessagesPerMinute: 1000 });
  port = t.app.broker.tcpPort as number;
  [buyer, store] = await Promise.all([chatBuyer(t.app), chatStore(t.app)]);
  conversationId = await openDirectChat(t.app, buyer, store);
});

describe.each(['mqttv311', 'mqttv31'])('Mosquitto clients over TCP (%s)', (version) => {
  it('receives a chat message on its own Message topic (mosquitto_sub)', async () => {
    const messageId = `mosq-sub-${version}`;
    // -d prints the SUBACK: once it is in, the subscription stands and the message can go.
    let subscribed!: () => void;
    const ready = new Promise<void>((resolve) => (subscribed = resolve));
    // -C 1: exit after one message; -W: give up after 20 s rather than hang the suite.
    // stdbuf: line-buffered output through the pipe, so that the SUBACK line arrives when it happens.
    const subscriber = run('stdbuf', ['-oL', 'mosquitto_sub', ...auth(store), '-d', '-V', version, '-q', '1', '-t', `Message/${store.chatUserId}`, '-C', '1', '-W', '20'], (out) => {
      if (out.includes('SUBACK')) subscribed();
    });
    await ready;
    await sendChat(t.app, buyer, conversationId, 'Hola desde REST', { messageId });
    const result = await subscriber;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout.split('\n').find((line) => line.startsWith('{')) ?? '')).toMatchObject({ messageId, chatId: conversationId, senderId: buyer.chatUserId, receiverId: store.chatUserId, body: 'Hola desde REST' });
  });

  it('stores a message published with mosquitto_pub like POST /chat/message', async () => {
    const messageId = `mosq-pub-${version}`;
    const payload = JSON.stringify({ chatId: conversationId, senderId: buyer.chatUserId, receiverId: store.chatUserId, messageId, body: 'Sent by mosquitto_pub', client_id: 'mosquitto' });
    const result = await run('mosquitto_pub', [...auth(buyer), '-V', version, '-q', '1', '-t', `Message/${store.chatUserId}`, '-m', payload]);
    expect(result.code).toBe(0);
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${conversationId}`, headers: chatHeaders(store.userToken) })).json());
    expect(history.messages.find((m) => m.messageId === messageId)).toMatchObject({ body: 'Sent by mosquitto_pub', senderId: buyer.chatUserId, client_id: 'mosquitto' });
  });

  it('is refused a subscription to someone else’s messages', async () => {
    // -E: exit once the broker answered the subscription; -d prints the granted QoS it answered.
    const result = await run('mosquitto_sub', [...auth(buyer), '-d', '-E', '-V', version, '-q', '1', '-t', `Message/${store.chatUserId}`]);
    expect(result.stdout).toMatch(/Subscribed \(mid: \d+\): 128/);
  });

  it('is refused with a wrong password', async () => {
    const result = await run('mosquitto_pub', ['-h', '127.0.0.1', '-p', String(port), '-u', buyer.chatUserId, '-P', 'wrong', '-V', version, '-t', `OnlineStatus/${buyer.chatUserId}`, '-m', '{}']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/not authori[sz]ed|bad user name or password|refused/i);
  });
});
