import { newId } from '../lib/ids.js';
import type { JsonSchema, resolver } from './openapi-walk.js';

/**
 * What an attacker sends, by the type a field declares, and plausible values to send around it.
 * Everything is drawn from a seeded generator: the same seed walks the same requests.
 */

/** mulberry32: small, fast and good enough to pick test values; the same seed gives the same run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    /** `count` different items (or all of them when there are fewer). */
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, count);
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** A value written into the JSON body as is (numbers JSON can say but JavaScript cannot hold). */
export class RawJson {
  constructor(readonly text: string) {}
}

export interface Hostile {
  /** What kind of attack (the summary counts by it). */
  kind: string;
  value: unknown;
}

const h = (kind: string, value: unknown): Hostile => ({ kind, value });

/** Hostile strings: control characters, emptiness, size, unicode, search and query syntax, injections. */
export const HOSTILE_STRINGS: readonly Hostile[] = [
  h('nul', 'wool\u0000rug'),
  h('nul', '\u0000'),
  h('control', '\u001b[2J\u0007bell'),
  h('control', 'a\u0008\u000b\u000cb'),
  h('control', '\u007f\u0085\u009b'),
  h('empty', ''),
  h('blank', '   \t '),
  h('rtl', '\u202eexe.fdp\u202c'),
  h('rtl', '\u200f\u061c\u2067عربي\u2069\u200e'),
  h('astral', '𝕳𝖊𝖑𝖑𝖔 😀🧶👩🏽‍🔧'),
  h('combining', 'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307'),
  h('zero-width', '\u200b\u200d\ufeff'),
  h('lone-surrogate', 'x\ud800y'),
  h('fts5', '"organic" OR cot* NEAR(wool rug, 2) NOT ^silk'),
  h('fts5', 'title:x AND -y {a b}:c "unterminated'),
  h('tsquery', "a & !b | (c:* <-> d) :* ''"),
  h('tsquery', '!(!!&|'),
  h('like', '%_%\\%'),
  h('like', '%'),
  h('like', '_'),
  h('quotes', `'"\`;--`),
  h('sql', "' OR 1=1; DROP TABLE users;--"),
  h('path', '../../../etc/passwd'),
  h('html', '<img src=x onerror=alert(1)>'),
  h('json', '{"$ne":null}'),
  h('numberish', '-1e309'),
  h('numberish', 'NaN'),
  h('proto', '__proto__'),
  h('url', 'javascript:alert(1)'),
  h('url', '//evil.example/phish'),
  h('newline', 'a\r\nb\tc'),
];

/** Long strings: a huge one for bodies (under the 1 MB body limit), a long one for URLs. */
export const HUGE_STRING = h('huge', 'x'.repeat(300_000));
export const LONG_STRING = h('long', 'é'.repeat(3_000));

export const HOSTILE_NUMBERS: readonly Hostile[] = [
  h('number', -1),
  h('number', 0),
  h('number', -0),
  h('number', 1.5),
  h('number', 2 ** 31),
  h('number', 2 ** 53 + 2),
  h('number', 1e308),
  h('number', -1e308),
  h('number', new RawJson('1e400')),
  h('number', new RawJson('123456789012345678901234567890')),
  h('number', new RawJson('-0.000000000000000000001')),
];

export const WRONG_TYPES: readonly Hostile[] = [
  h('wrong-type', null),
  h('wrong-type', true),
  h('wrong-type', 'text'),
  h('wrong-type', 7),
  h('wrong-type', []),
  h('wrong-type', {}),
  h('wrong-type', [[[[]]]]),
  h('wrong-type', { a: { b: { c: 'd' } } }),
  h('wrong-type', ['a', 1, null]),
];

/** Whole JSON bodies that are not what any route takes. */
export const HOSTILE_BODIES: readonly Hostile[] = [
  h('body', null),
  h('body', []),
  h('body', 'text'),
  h('body', 12),
  h('body', {}),
  h('body', new RawJson('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')),
  h('body', new RawJson('{"a":')),
  h('body', new RawJson(`${'['.repeat(5_000)}${']'.repeat(5_000)}`)),
  h('body', new RawJson('{"a":1,"a":2}')),
];

const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/** Values that break a field of this schema, drawn from its type's list and the others. */
export function hostileFor(schema: JsonSchema, random: Random, where: 'body' | 'url'): Hostile[] {
  const type = typeOf(schema);
  const strings = [...HOSTILE_STRINGS, where === 'body' ? HUGE_STRING : LONG_STRING];
  const own = type === 'integer' || type === 'number' ? HOSTILE_NUMBERS : type === 'string' || type === undefined ? strings : [];
  const picked = [...random.sample(own, 3), random.pick(strings.filter((s) => s.kind === 'nul' || s.kind === 'control'))];
  if (where === 'body') picked.push(random.pick(WRONG_TYPES));
  else picked.push(random.pick(HOSTILE_NUMBERS.filter((n) => !(n.value instanceof RawJson))));
  return picked;
}

/** Candidates for a string with a pattern; the first that fits is the plausible value. */
const PATTERN_CANDIDATES = ['EUR', 'MY', 'en', '2030-06-30', '+60', '612345678', '+60 12 345 6789', 'loom-and-leaf', 'abc', 'ABC-1234', 'Amara', 'world@tessera.test', '1', '100-2000', 'https://example.com'];

/**
 * A plausible value for a schema: its default, first enum value, an id of the right kind for an id
 * field, a string that fits its pattern and length. It need not be accepted: a route that refuses
 * it still parses, validates and answers it, which is what the walk looks at.
 */
export function plausible(schema: JsonSchema | undefined, resolve: ReturnType<typeof resolver>, name: string, idFor: (name: string) => string | undefined, depth = 0): unknown {
  const at = resolve(schema);
  if (!at || depth > 8) return null;
  if (at.const !== undefined) return at.const;
  if (at.enum?.length) return at.enum[0];
  if (at.default !== undefined) return at.default;
  const options = at.anyOf ?? at.oneOf;
  if (options) return plausible(options.map(resolve).find((o) => o && o.type !== 'null') ?? options[0], resolve, name, idFor, depth + 1);
  const type = typeOf(at);
  if (type === 'object' || at.properties) {
    return Object.fromEntries(Object.entries(at.properties ?? {}).map(([key, child]) => [key, plausible(child, resolve, key, idFor, depth + 1)]));
  }
  if (type === 'array') {
    const count = Math.max(at.minItems ?? 0, at.maxItems === 0 ? 0 : 1);
    return Array.from({ length: count }, () => plausible(at.items, resolve, name.replace(/s$/, ''), idFor, depth + 1));
  }
  if (type === 'integer' || type === 'number') return Math.max(at.minimum ?? 1, at.exclusiveMinimum !== undefined ? at.exclusiveMinimum + 1 : 1);
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  const id = /(^id$|Id$|Ids?$|^idOrSlug$)/.test(name) ? (idFor(name) ?? newId()) : undefined;
  if (id !== undefined) return id;
  if (at.format === 'email') return 'world@tessera.test';
  const fits = (value: string) => (!at.pattern || new RegExp(at.pattern, 'u').test(value)) && value.length >= (at.minLength ?? 0) && value.length <= (at.maxLength ?? Infinity);
  return PATTERN_CANDIDATES.find(fits) ?? 'Handwoven wool'.padEnd(at.minLength ?? 0, 'x').slice(0, at.maxLength ?? 100);
}

/** JSON text of a body that may hold RawJson values. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return item;
  });
  return (text ?? 'null').replace(/"@@raw(\d+)@@"/g, (_, i: string) => raws[Number(i)] as string);
}

/** A copy of `body` with the value at `path` replaced (objects and arrays made along the way). */
export function setAt(body: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(body)) {
    const copy = [...body];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const base = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return { ...base, [head]: setAt(base[head], rest, value) };
}
