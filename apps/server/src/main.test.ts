import { spawnSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serverArgs, serverEnv, startServer } from './test/server-process.js';

// The real entry point, as `npm start` runs it (from source here, through tsx).
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const start = (env: Record<string, string | undefined> = {}) => startServer({ entry: 'main', env: { DATA_DIR: dataDir, ...env } });

describe('starting the server', () => {
  it('stops on a bad variable with one line naming it', () => {
    const result = spawnSync(process.execPath, serverArgs('main'), { cwd: serverRoot, env: serverEnv({ DATA_DIR: dataDir, PORT: 'eighty' }), encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: PORT: must be a whole number, got "eighty"');
  });

  it('migrates, seeds the demo accounts into an empty database and lists them, then shuts down on SIGTERM', async () => {
    const server = start();
    const url = await server.url;
    expect(server.output()).toContain('buyer@tessera.test');
    expect(server.output()).toContain('admin@tessera.test');
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'tessera.db'))).toBe(true);
  });

  it('finishes a request in flight before it exits', async () => {
    const server = start();
    const { hostname, port } = new URL(await server.url);
    // A sign-in whose body is still arriving when the signal comes: the server must wait for it,
    // answer it, and only then exit.
    const body = JSON.stringify({ deviceId: 'web-1', ipAddress: '127.0.0.1', appVersion: '127.0.0.1', deviceMake: 'Chrome', deviceModel: '1', deviceOsVersion: 'Linux', deviceType: 3, deviceTime: 'now' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({ hostname, port, method: 'POST', path: '/v1/guest/signIn', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      request.write(body.slice(0, 20));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(20)), 300);
      }, 200);
    });
    const { status, body: text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text).data.token.accessToken).toEqual(expect.any(String));
    // 0, not the 1 of the 10 s shutdown deadline: the keep-alive connection did not hold it up.
    expect(await server.exited).toBe(0);
  });
});
