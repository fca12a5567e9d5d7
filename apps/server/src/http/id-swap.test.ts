import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { chatHeaders } from '../test/chat.js';
import { plausible, setAt, toJson } from '../test/hostile-values.js';
import { idOfKind, idUseOf, type IdUse, type OwnerRole } from '../test/id-kinds.js';
import { fillPath, isIdName, leavesOf, paramKey, percentEncode, readOperations, type Operation } from '../test/openapi-walk.js';
import { buildWorld } from '../test/world.js';
import { addTrade } from '../test/world-trade.js';
import { SWAP_REQUESTS, UNREACHED } from '../test/swap-requests.js';

/**
 * The ID swaps of issue #10, kept: for every route of the OpenAPI document that takes an id (in its
 * path, query, headers or body), each user who owns things of that kind (see id-kinds.ts) sends the
 * request with the id of the same kind of thing owned by another user of the same role — another
 * buyer's order, another store's promotion, another conversation's message — and must be refused
 * (403/404; 400/409/422 naming the field for an id in a body) with nothing of the other's in the
 * answer. The same request with the caller's own id is then sent as a control: it must not be
 * refused for that id, or the swap's refusal proved nothing. A route added later is walked without
 * a new test; a route whose id is not in id-kinds.ts fails here until it is.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-swap-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const { app } = await createTestApp({ dataDir, signInRateLimitPerMinute: 1_000_000_000, chatMessagesPerMinute: 1_000_000 });
const world = await addTrade(app, await buildWorld(app));
const { operations, resolve } = await readOperations(app);

type Where = { in: 'path' | 'query' | 'header'; name: string } | { in: 'body'; path: string[] };
interface IdField {
  key: string;
  where: Where;
  /** The name a 400 answer names the field by: the last name of its path. */
  name: string;
}

function idFieldsOf(op: Operation): IdField[] {
  const fields: IdField[] = [];
  for (const p of op.parameters) {
    if (!isIdName(p.name)) continue;
    fields.push({ key: p.in === 'path' ? paramKey(op.path, p.name) : `${p.in}.${p.name}`, where: { in: p.in, name: p.name }, name: p.name });
  }
  for (const leaf of leavesOf(op.body, resolve)) {
    const name = leaf.path.at(-1) as string;
    if (!isIdName(name)) continue;
    fields.push({ key: `body.${leaf.path.filter((s) => s !== '0').join('.')}`, where: { in: 'body', path: leaf.path }, name });
  }
  return fields;
}

const rolesOf = (use: Extract<IdUse, { owned: string }>): OwnerRole[] => use.roles ?? [use.role];

/**
 * Reads first, then writes, then what deletes or ends things: a control (the caller's own id) must
 * not pull the next route's fixtures away. Last: what empties the cart, ends the order or removes the
 * product, card or cart the other routes use.
 */
const LAST = [
  /^POST \/v1\/checkout$/,
  /\/unpublish$|\/delivered$/,
  /^DELETE \/v1\/(cart|profile\/cards\/\{id\}|customer\/addresses\/\{id\}|seller\/products\/\{id\}|wishlists\/\{id\})$/,
];
function rank(op: Operation): number {
  const name = `${op.method} ${op.path}`;
  const last = LAST.findIndex((pattern) => pattern.test(name));
  if (last >= 0) return 4 + last;
  return op.method === 'GET' ? 0 : op.method === 'DELETE' ? 2 : /cancel|refund/.test(op.path) ? 3 : 1;
}
const swaps = operations
  .flatMap((op) => idFieldsOf(op).map((field) => ({ op, field, use: idUseOf(op.method, op.path, field.key) })))
  .sort((a, b) => rank(a.op) - rank(b.op));

/** The caller's own id of a kind (or, for a shared kind, one the world has). */
const ownId = (role: OwnerRole) => (kind: string) => world.users[role].owns[kind] ?? idOfKind(world, kind, role) ?? '';

/**
 * Sends `op` as `role` with `value` at `field` and the caller's own ids everywhere else (after the
 * route's `prepare`, if it has one). `mine` is the caller's own id of the field's kind: in a list
 * of ids it is the one replaced.
 */
async function attempt(op: Operation, role: OwnerRole, field: IdField, value: string, mine: string): Promise<LightMyRequestResponse> {
  const token = (await world.tokenOf(role)) as string;
  const written = SWAP_REQUESTS[`${op.method} ${op.path}`];
  const context = { app, token, id: ownId(role), own: world.users[role].owns, key: field.key };
  await written?.prepare?.(context);
  if (value === mine) value = context.id(kindOf(op, field));
  const own = (key: string) => {
    const use = idUseOf(op.method, op.path, key);
    if (!use || 'free' in use || 'refused' in use) return undefined;
    return idOfKind(world, 'owned' in use ? use.owned : use.shared, role);
  };
  const params: Record<string, string> = {};
  const query = new Map<string, string>();
  const headers: Record<string, string> = { ...written?.headers?.() };
  for (const p of op.parameters) {
    const key = p.in === 'path' ? paramKey(op.path, p.name) : `${p.in}.${p.name}`;
    const chosen = field.where.in === p.in && 'name' in field.where && field.where.name === p.name;
    if (!chosen && !p.required && p.in !== 'path') continue;
    const v = chosen ? value : String(plausible(p.schema, resolve, p.name, () => (isIdName(p.name) ? own(key) : undefined)));
    if (p.in === 'path') params[p.name] = v;
    else if (p.in === 'query') query.set(p.name, v);
    else headers[p.name] ??= v;
  }
  for (const [name, v] of Object.entries(written?.query?.(context.id) ?? {})) query.set(name, v);
  let body: unknown = written?.body ? await written.body(context) : op.body ? plausible(op.body, resolve, 'body', (name) => own(`body.${name}`)) : undefined;
  if (field.where.in === 'body') {
    const at = field.where.path;
    const list = /Ids$/.test(field.name) ? at.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], body) : undefined;
    const mineNow = context.id(kindOf(op, field));
    body = setAt(
      body,
      at,
      Array.isArray(list) && list.includes(mineNow)
        ? list.map((item) => (item === mineNow ? value : item))
        : Array.isArray(list) || /Ids$/.test(field.name)
          ? [value]
          : value,
    );
  }
  const qs = [...query].map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  const auth = op.path.startsWith('/chat/') ? chatHeaders(world.chatTokenOf(role) ?? 'none') : { authorization: token };
  const multipart = await written?.multipart?.();
  const payload = multipart ?? (body !== undefined ? { payload: toJson(body), contentType: 'application/json' } : undefined);
  return app.inject({
    method: op.method,
    url: `${fillPath(op.path, params)}${qs ? `?${qs}` : ''}`,
    headers: { ...headers, ...auth, ...(payload ? { 'content-type': payload.contentType } : {}) },
    ...(payload ? { payload: payload.payload } : {}),
  });
}

const kindOf = (op: Operation, field: IdField): string => {
  const use = idUseOf(op.method, op.path, field.key);
  return use && 'owned' in use ? use.owned : use && 'refused' in use ? use.refused : '';
};

const errorOf = (response: LightMyRequestResponse): { code?: string; field?: string } => {
  try {
    return response.json();
  } catch {
    return {};
  }
};
/** A refusal of that id: 403/404, or (an id in a body or query) a 400/409/422 that names the field. */
function refusesId(response: LightMyRequestResponse, field: IdField): boolean {
  if (response.statusCode === 403 || response.statusCode === 404) return true;
  const named =
    (errorOf(response).field ?? '')
      .split('.')
      .filter((s) => !/^\d+$/.test(s))
      .at(-1) === field.name;
  return [400, 409, 422].includes(response.statusCode) && named;
}

/** The control is refused for that id: 401/403/404, or a 400 that names the field (a 409, a state the thing is in, is no refusal of the id). */
function refusedAsOwner(response: LightMyRequestResponse, field: IdField): boolean {
  if ([401, 403, 404].includes(response.statusCode)) return true;
  return response.statusCode === 400 && refusesId(response, field);
}

const swapped: string[] = [];

describe("ID swaps: another user's id of the same kind, on every route that takes one", () => {
  it('knows what every id of every route refers to', () => {
    const unknown = swaps.filter((s) => !s.use).map((s) => `${s.op.method} ${s.op.path} ${s.field.key}`);
    expect(unknown, 'add these to test/id-kinds.ts').toEqual([]);
    expect(swaps.filter((s) => s.use && 'owned' in s.use).length).toBeGreaterThan(40);
  });

  it.each(swaps.filter((s) => s.use && 'owned' in s.use).map((s) => [`${s.op.method} ${s.op.path} ${s.field.key}`, s] as const))(
    '%s',
    async (_name, { op, field, use }) => {
      const owned = use as Extract<IdUse, { owned: string }>;
      const problems: string[] = [];
      for (const role of rolesOf(owned)) {
        const mine = world.users[role].owns[owned.owned];
        const theirs = world.others[role]?.owns[owned.owned];
        if (!mine || !theirs) {
          problems.push(`the world has no ${owned.owned} of two ${role}s`);
          continue;
        }
        const victim = world.others[role];
        const swap = await attempt(op, role, field, theirs, mine);
        const unreached = UNREACHED[`${op.method} ${op.path} ${field.key}`];
        if (unreached && errorOf(swap).code === unreached.code) {
          swapped.push(`${role} ${op.method} ${op.path} ${field.key} → not reached yet: ${unreached.reason}`);
          continue;
        }
        swapped.push(`${role} ${op.method} ${op.path} ${field.key} → ${swap.statusCode}`);
        if (!refusesId(swap, field)) problems.push(`${role} with another ${role}'s ${owned.owned}: ${swap.statusCode} ${swap.body.slice(0, 300)}`);
        const leaked = victim && [victim.userId, ...Object.values(victim.owns)].find((id) => id && id !== theirs && swap.body.includes(id));
        if (leaked) problems.push(`${role} with another ${role}'s ${owned.owned}: the answer holds ${leaked}, one of the other's`);
        const control = await attempt(op, role, field, mine, mine);
        if (refusedAsOwner(control, field))
          problems.push(`${role} with its own ${owned.owned} (the control): ${control.statusCode} ${control.body.slice(0, 300)}`);
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('places that take no id', () => {
  it.each(swaps.filter((s) => s.use && 'refused' in s.use).map((s) => [`${s.op.method} ${s.op.path} ${s.field.key}`, s] as const))(
    "%s: any id, even the caller's own, is a 400 naming the field",
    async (_name, { op, field, use }) => {
      const refused = use as Extract<IdUse, { refused: string }>;
      const mine = world.users[refused.role].owns[refused.refused] as string;
      const theirs = world.others[refused.role]?.owns[refused.refused] as string;
      for (const value of [theirs, mine]) {
        const response = await attempt(op, refused.role, field, value, value === mine ? mine : '');
        expect(response.statusCode, response.body).toBe(400);
        expect(refusesId(response, field), response.body).toBe(true);
      }
    },
  );
});

afterAll(() => {
  console.log(`id swaps: ${swapped.length} requests with another user's id\n  ${swapped.join('\n  ')}`);
});
