import { describe, expect, it } from 'vitest';
import { classifyError, REALTIME_ERRORS } from './errors';
import {
  checkConnectArguments,
  checkQos,
  checkTopic,
  MAX_CLIENT_ID_LENGTH,
  RealtimeArgumentError,
  reconnectDelay,
} from './settings';

describe('reconnect backoff (seed §4: from 1 s doubling to 128 s)', () => {
  it('waits 1, 2, 4 … 128 seconds, then stays at 128', () => {
    const delays = Array.from({ length: 11 }, (_, attempt) => reconnectDelay(attempt));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 128_000, 128_000, 128_000]);
  });

  it('treats nonsense attempts as the first and huge ones as the cap', () => {
    expect(reconnectDelay(-3)).toBe(1_000);
    expect(reconnectDelay(Number.NaN)).toBe(1_000);
    expect(reconnectDelay(1e9)).toBe(128_000);
    expect(reconnectDelay(Number.POSITIVE_INFINITY)).toBe(1_000);
  });
});

describe('argument checks (seed §5)', () => {
  it('accepts quality of service 0 to 2 only', () => {
    for (const qos of [0, 1, 2]) expect(() => checkQos(qos)).not.toThrow();
    for (const qos of [-1, 3, 1.5, Number.NaN]) expect(() => checkQos(qos)).toThrow(RealtimeArgumentError);
  });

  it('accepts a client id of at most 65535 characters', () => {
    expect(() => checkConnectArguments({ clientId: 'x'.repeat(MAX_CLIENT_ID_LENGTH) })).not.toThrow();
    expect(() => checkConnectArguments({ clientId: 'x'.repeat(MAX_CLIENT_ID_LENGTH + 1) })).toThrow(/at most 65535/);
    expect(() => checkConnectArguments({ clientId: '' })).toThrow(RealtimeArgumentError);
  });

  it('accepts protocol version 3 or 4 only', () => {
    expect(() => checkConnectArguments({ clientId: 'a', protocolVersion: 3 })).not.toThrow();
    expect(() => checkConnectArguments({ clientId: 'a', protocolVersion: 4 })).not.toThrow();
    expect(() => checkConnectArguments({ clientId: 'a', protocolVersion: 5 })).toThrow(/3 or 4/);
  });

  it('refuses a password without a user name', () => {
    expect(() => checkConnectArguments({ clientId: 'a', password: 'secret' })).toThrow(/requires a user name/);
    expect(() => checkConnectArguments({ clientId: 'a', username: '', password: 'secret' })).toThrow(/requires a user name/);
    expect(() => checkConnectArguments({ clientId: 'a', username: 'u1', password: 'secret' })).not.toThrow();
  });

  it('refuses wildcard and empty topics', () => {
    expect(() => checkTopic('Message/u1')).not.toThrow();
    for (const topic of ['', 'Message/#', 'Message/+', '#']) expect(() => checkTopic(topic)).toThrow(RealtimeArgumentError);
  });
});

describe('error codes (seed §8)', () => {
  it('names refused connacks by their return code', () => {
    const refused = (code: number) => Object.assign(new Error('Connection refused'), { code });
    expect(classifyError(refused(1))).toBe(REALTIME_ERRORS.refusedProtocol);
    expect(classifyError(refused(2))).toBe(REALTIME_ERRORS.refusedIdentifier);
    expect(classifyError(refused(3))).toBe(REALTIME_ERRORS.serverUnavailable);
    expect(classifyError(refused(4))).toBe(REALTIME_ERRORS.badCredentials);
    expect(classifyError(refused(5))).toBe(REALTIME_ERRORS.notAuthorized);
  });

  it('names timeouts and socket failures', () => {
    expect(classifyError(new Error('connack timeout'))).toBe(REALTIME_ERRORS.connectTimeout);
    expect(classifyError(new Error('Keepalive timeout'))).toBe(REALTIME_ERRORS.pingTimeout);
    expect(classifyError(new Error('Connection closed'))).toBe(REALTIME_ERRORS.socketClosed);
    expect(classifyError(new Error('ECONNREFUSED'))).toBe(REALTIME_ERRORS.socketError);
  });
});
