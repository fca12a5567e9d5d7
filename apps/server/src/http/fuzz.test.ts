import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { hasForbiddenCharacters } from '@tessera/contracts';
import { createTestApp } from '../test/app.js';
import { HOSTILE_BODIES, HOSTILE_STRINGS, RawJson, hostileFor, plausible, seededRandom, setAt, toJson, type Random } from '../test/hostile-values.js';
import { idOfKind, idUseOf } from '../test/id-kinds.js';
import { fillPath, isIdName, leavesOf, paramKey, percentEncode, readOperations, type Operation } from '../test/openapi-walk.js';
import { buildWorld, WORLD_ROLES, type WorldRole } from '../test/world.js';

/**
 * The attack of issue #10, kept: every route of the OpenAPI document, as every role, with hostile
 * values of each declared type in its path, query, headers and body (and hostile multipart where
 * the route takes files). Fails on any 5xx, an error answer that is not `{ code, message }`, a
 * control character that is not refused as a 400 naming its field, or a server that no longer
 * answers. Deterministic: one fixed seed, mixed with each route's name so that adding a route does
 * not change what the others are sent. Prints what it sent, by route group and kind of value.
 */

const SEED = 0x7e55e7a;
/** Fields (or parameters) of one location mutated per role, and values tried in each. */
const FIELDS_PER_ROLE = { body: 8, query: 6 };
const VALUES_PER_FIELD = 3;
/** A role the route refuses (401/403) is sent this many hostile requests: enough to see the refusal holds. */
const REFUSED_ROLE_REQUESTS = 2;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-fuzz-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// The server's error lines, kept so that a 5xx names its cause in the failure (the test log is quiet).
const errorLines: string[] = [];
const logStream = {
  write(line: string) {
    if (/"level":(5|6)\d/.test(line)) errorLines.push(line.slice(0, 2000));
  },
};
const { app } = await createTestApp({ dataDir, signInRateLimitPerMinute: 1_000_000_000, logLevel: 'error' }, { logStream });
const world = await buildWorld(app);
const { operations, resolve } = await readOperations(app);

/** Reads first, then writes, then what deletes or ends sessions: a walk must not pull its fixtures from under itself. */
const rank = (op: Operation) => (op.method === 'GET' ? 0 : op.method === 'DELETE' ? 2 : /logout|password|team/.test(op.path) ? 3 : 1);
const ordered = [...operations].sort((a, b) => rank(a) - rank(b));

interface Request {
  params: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /** JSON text, or a multipart body with its content type. */
  body?: { payload: string | Buffer; contentType: string };
}

interface Mutation {
  request: Request;
  kind: string;
  /** The field a control character was put in, as the answer must name it. */
  controlField?: string;
}

// What was sent: requests by route group and answer, and by kind of value.
const sent = new Map<string, Map<string, number>>();
const kinds = new Map<string, number>();
const byRole = new Map<WorldRole, number>();
const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

const hash = (text: string) => [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);

function idFor(op: Operation, role: WorldRole, key: string): string | undefined {
  const use = idUseOf(op.method, op.path, key);
  if (!use || 'free' in use || 'refused' in use) return undefined;
  return idOfKind(world, 'owned' in use ? use.owned : use.shared, role);
}

function baseline(op: Operation, role: WorldRole): Request {
  const params: Record<string, string> = {};
  const query: Array<[string, string]> = [];
  const headers: Record<string, string> = {};
  for (const p of op.parameters) {
    const key = p.in === 'path' ? paramKey(op.path, p.name) : `${p.in}.${p.name}`;
    const value = String(plausible(p.schema, resolve, p.name, () => (isIdName(p.name) ? idFor(op, role, key) : undefined)));
    if (p.in === 'path') params[p.name] = value;
    else if (p.in === 'query' && p.required) query.push([p.name, value]);
    else if (p.in === 'header' && p.required) headers[p.name] = value;
  }
  if (op.path === '/v1/fetch/common/data/{token}/{isMobile}') params.isMobile = '1';
  const bodyIdFor = (name: string) => {
    const key = `body.${name}`;
    return idFor(op, role, key) ?? idFor(op, role, `body.variants.${name}`);
  };
  const body = op.body ? { payload: toJson(plausible(op.body, resolve, 'body', bodyIdFor)), contentType: 'application/json' } : undefined;
  return { params, query, headers, ...(body ? { body } : {}) };
}

const asText = (value: unknown) => (typeof value === 'string' ? value : value instanceof RawJson ? value.text : JSON.stringify(value));
const isControl = (value: unknown) => typeof value === 'string' && hasForbiddenCharacters(value);
/** In a URL, half a surrogate pair arrives as bytes that are not UTF-8: refused as a bad URL or read as U+FFFD, not as a control character. */
const isUrlControl = (value: unknown) => typeof value === 'string' && hasForbiddenCharacters(value.replace(/[\ud800-\udfff]/g, ''));
/** A header carries latin-1 text without control characters; anything else the HTTP parser refuses before us. */
const headerSafe = (value: string) => /^[\u0020-\u007e\u00a0-\u00ff\t]*$/.test(value);

function mutations(op: Operation, base: Request, random: Random, budget: number): Mutation[] {
  const out: Mutation[] = [];
  const add = (kind: string, change: Partial<Request>, controlField?: string) => out.push({ request: { ...base, ...change }, kind, ...(controlField ? { controlField } : {}) });
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    for (const hostile of random.sample(hostileFor(p.schema, random, 'url'), VALUES_PER_FIELD)) {
      add(hostile.kind, { params: { ...base.params, [p.name]: asText(hostile.value) } }, isUrlControl(hostile.value) ? `params.${p.name}` : undefined);
    }
  }
  for (const p of random.sample(op.parameters.filter((p) => p.in === 'query'), FIELDS_PER_ROLE.query)) {
    const others = base.query.filter(([name]) => name !== p.name);
    for (const hostile of random.sample(hostileFor(p.schema, random, 'url'), VALUES_PER_FIELD)) {
      add(hostile.kind, { query: [...others, [p.name, asText(hostile.value)]] }, isUrlControl(hostile.value) ? `query.${p.name}` : undefined);
    }
    add('repeated', { query: [...others, [p.name, 'a'], [p.name, 'b']] });
  }
  for (const p of op.parameters.filter((p) => p.in === 'header')) {
    const safe = HOSTILE_STRINGS.filter((s) => typeof s.value === 'string' && headerSafe(s.value));
    for (const hostile of random.sample(safe, VALUES_PER_FIELD)) add(hostile.kind, { headers: { ...base.headers, [p.name]: hostile.value as string } });
  }
  if (op.body && base.body) {
    const original = JSON.parse(base.body.payload as string) as unknown;
    for (const leaf of random.sample(leavesOf(op.body, resolve), FIELDS_PER_ROLE.body)) {
      for (const hostile of random.sample(hostileFor(leaf.schema, random, 'body'), VALUES_PER_FIELD)) {
        const payload = toJson(setAt(original, leaf.path, hostile.value));
        add(hostile.kind, { body: { payload, contentType: 'application/json' } }, isControl(hostile.value) ? leaf.path.join('.') : undefined);
      }
    }
    for (const hostile of random.sample(HOSTILE_BODIES, 2)) add(hostile.kind, { body: { payload: toJson(hostile.value), contentType: 'application/json' } });
  }
  // The headers every request carries, which every route reads.
  add('headers', { headers: { ...base.headers, language: random.pick(['xx', 'ar-EG;q=0.9', 'é'.repeat(200)]), currencycode: random.pick(['%%%', 'EURO', '']), platform: random.pick(['99', '-1', 'web']) } });
  return random.sample(out, budget);
}

/** Hostile multipart bodies: bounded, and each small. */
function hostileMultipart(op: Operation, random: Random, budget: number): Mutation[] {
  const named = [...op.summary.matchAll(/"(\w+)"/g)].map((m) => m[1] as string);
  const field = named[0] ?? 'file';
  const boundary = 'fuzzboundary7e55e7a';
  const part = (name: string, content: string | Buffer, filename?: string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: image/png\r\n' : ''}\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const type = `multipart/form-data; boundary=${boundary}`;
  const pngThenHtml = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from('<html><script>alert(1)</script></html>')]);
  const bodies: Array<[string, Buffer, string]> = [
    ['multipart-control', Buffer.concat([part('companyName', 'Loom\u0000Leaf'), part(field, pngThenHtml, 'a.png'), end]), type],
    ['multipart-polyglot', Buffer.concat([part(field, pngThenHtml, '..\\..\\evil.png'), end]), type],
    ['multipart-truncated', Buffer.concat([part(field, pngThenHtml, 'a.png')]).subarray(0, 90), type],
    ['multipart-no-boundary', Buffer.concat([part(field, 'x', 'a.png'), end]), 'multipart/form-data'],
    ['multipart-long-name', Buffer.concat([part('n'.repeat(2_000), 'x'), end]), type],
    ['multipart-many-parts', Buffer.concat([...Array.from({ length: 80 }, (_, i) => part(`f${i}`, 'x')), end]), type],
    ['multipart-unicode-name', Buffer.concat([part(field, pngThenHtml, '\u202egnp.exe'), end]), type],
  ];
  return random.sample(bodies, budget).map(([kind, payload, contentType]) => ({ kind, request: { params: {}, query: [], headers: {}, body: { payload, contentType } } }));
}

async function send(op: Operation, request: Request, token: string | undefined): Promise<LightMyRequestResponse> {
  const query = request.query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  const options: InjectOptions = {
    method: op.method,
    url: `${fillPath(op.path, request.params)}${query ? `?${query}` : ''}`,
    headers: { ...request.headers, ...(token ? { authorization: token } : {}), ...(request.body ? { 'content-type': request.body.contentType } : {}) },
    ...(request.body ? { payload: request.body.payload } : {}),
  };
  return app.inject(options);
}

/** What is wrong with an answer, if anything. */
function problemOf(response: LightMyRequestResponse, mutation: Mutation | undefined, admitted: boolean): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 400) {
    let error: { code?: unknown; message?: unknown; field?: unknown };
    try {
      error = response.json();
    } catch {
      return `${response.statusCode} answered without a JSON error: ${response.body.slice(0, 120)}`;
    }
    if (typeof error.code !== 'string' || typeof error.message !== 'string') return `${response.statusCode} error without code and message: ${response.body.slice(0, 200)}`;
    if (mutation?.controlField && admitted && response.statusCode !== 429 && !(response.statusCode === 400 && error.field === mutation.controlField)) {
      return `a control character in ${mutation.controlField} answered ${response.statusCode} ${response.body.slice(0, 200)} (must be 400 naming the field)`;
    }
    return undefined;
  }
  if (mutation?.controlField && admitted) return `a control character in ${mutation.controlField} was accepted (${response.statusCode})`;
  return undefined;
}

describe('fuzz: every route of the OpenAPI document, as every role', () => {
  it('walks a document that lists the API', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(expect.arrayContaining(['GET /v1/products', 'POST /v1/seller/products', 'GET /v1/search/suggest']));
  });

  it.each(ordered.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', { timeout: 120_000 }, async (name, op) => {
    const random = seededRandom(SEED ^ hash(name));
    const problems: string[] = [];
    for (const role of WORLD_ROLES) {
      const token = await world.tokenOf(role);
      const base = baseline(op, role);
      const first = await send(op, base, token);
      const admitted = first.statusCode !== 401 && first.statusCode !== 403;
      const tried: Array<Mutation | undefined> = [undefined];
      const responses = [first];
      const budget = admitted ? Infinity : REFUSED_ROLE_REQUESTS;
      const planned = [...mutations(op, base, random, budget), ...(op.multipart ? hostileMultipart(op, random, admitted ? 4 : 1) : [])];
      let current = token;
      for (const mutation of planned) {
        tried.push(mutation);
        let response = await send(op, mutation.request, current);
        // A route that ends its session (logout) answers every later request 401: send it again in a new one.
        if (response.statusCode === 401 && admitted && current) {
          current = await world.tokenOf(role);
          response = await send(op, mutation.request, current);
        }
        responses.push(response);
      }
      responses.forEach((response, i) => {
        const mutation = tried[i];
        count(kinds, mutation?.kind ?? 'baseline');
        count(byRole, role);
        const group = sent.get(op.group) ?? sent.set(op.group, new Map()).get(op.group)!;
        count(group, `${Math.floor(response.statusCode / 100)}xx`);
        const problem = problemOf(response, mutation, admitted);
        if (problem) problems.push(`${role} ${mutation?.kind ?? 'baseline'} ${showRequest(op, mutation?.request ?? base)}: ${problem}`);
      });
    }
    const logged = errorLines.splice(0).slice(-5);
    expect(problems.length, `${problems.length} problems, the first ones:\n${problems.slice(0, 10).join('\n')}\nthe server logged:\n${logged.join('\n')}`).toBe(0);
  });

  it('leaves a server that still answers', async () => {
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/v1/products' })).statusCode).toBe(200);
  });
});

function showRequest(op: Operation, request: Request): string {
  const query = request.query.map(([k, v]) => `${k}=${JSON.stringify(v.slice(0, 40))}`).join('&');
  const body = typeof request.body?.payload === 'string' ? request.body.payload.slice(0, 160) : request.body ? `<${request.body.contentType.split(';')[0]}>` : '';
  return `${op.method} ${fillPath(op.path, Object.fromEntries(Object.entries(request.params).map(([k, v]) => [k, v.slice(0, 40)])))}${query ? `?${query}` : ''} ${body}`;
}

afterAll(() => {
  const total = [...kinds.values()].reduce((a, b) => a + b, 0);
  const lines = [`fuzz: ${total} requests over ${operations.length} operations as ${WORLD_ROLES.length} roles (seed ${SEED.toString(16)})`];
  for (const [group, statuses] of [...sent].sort()) {
    const n = [...statuses.values()].reduce((a, b) => a + b, 0);
    lines.push(`  ${group.padEnd(16)} ${String(n).padStart(5)}  ${[...statuses].sort().map(([s, c]) => `${s} ${c}`).join(', ')}`);
  }
  lines.push(`  by role: ${[...byRole].map(([role, c]) => `${role} ${c}`).join(', ')}`);
  lines.push(`  by value: ${[...kinds].sort((a, b) => b[1] - a[1]).map(([k, c]) => `${k} ${c}`).join(', ')}`);
  console.log(lines.join('\n'));
});

