import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';

/** A database or a transaction, of the whole schema or of a module's part of it (what running a compiled query needs). */
type Db = Pick<Kysely<Database>, 'getExecutor' | 'executeQuery'>;

/** Where a compiled parameter's value comes from: a constant of the build, or a path into the arguments. */
type Slot = { constant: unknown } | { path: readonly (string | number)[] };

interface Compiled {
  query: CompiledQuery['query'];
  queryId: CompiledQuery['queryId'];
  sql: string;
  slots: Slot[];
}

/** A value no caller passes: it marks where an argument (or an item or field of one) lands among the compiled parameters. */
const SENTINEL = '\u0000prepared-query-arg:';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** The argument with every value replaced by its sentinel; arrays and plain objects (rows to insert) are walked. */
function standIn(value: unknown, path: (string | number)[]): unknown {
  if (Array.isArray(value)) return value.map((item, index) => standIn(item, [...path, index]));
  if (isPlainObject(value)) return Object.fromEntries(Object.keys(value).map((key) => [key, standIn(value[key], [...path, key])]));
  // Kysely leaves undefined fields out of a query: they stay undefined, and the shape says so.
  return value === undefined ? undefined : SENTINEL + JSON.stringify(path);
}

/** What makes two calls' queries differ: array lengths, object keys, undefined fields. */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(shapeOf).join(',')}]`;
  if (isPlainObject(value))
    return `{${Object.keys(value)
      .map((key) => `${key}:${shapeOf(value[key])}`)
      .join(',')}}`;
  return value === undefined ? 'u' : '.';
}

function sentinelsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(sentinelsOf);
  if (isPlainObject(value)) return Object.values(value).flatMap(sentinelsOf);
  return typeof value === 'string' ? [value] : [];
}

function valueAt(args: readonly unknown[], path: readonly (string | number)[]): unknown {
  let value: unknown = args;
  for (const step of path) value = (value as Record<string | number, unknown>)[step];
  return value;
}

/**
 * A Kysely query built and compiled once per dialect (and per shape of its arguments: the length of
 * an `in` list, the fields of a row to insert); each call only binds its values. Building and compiling a query with Kysely's
 * builder costs more CPU than SQLite takes to run a point read (a profile of the cart read: a
 * quarter of its CPU went to building and compiling the same five queries every time), so the
 * queries every cart read, cart add and checkout runs are prepared with this.
 *
 * `build` receives stand-ins for its arguments (arrays and plain objects walked: every item and field
 * is one) and must use them only as values (where, values, set, limit): it must not branch on them,
 * as it runs once per shape. An argument that changes the query's
 * shape goes in its own prepared query. Values are bound as given: a `null` argument binds NULL
 * (write `is null` conditions in the build itself).
 */
export class PreparedQuery<Args extends readonly unknown[], Row> {
  /** Per dialect adapter (a transaction shares its database's), then per shape of the array arguments. */
  private readonly compiled = new WeakMap<object, Map<string, Compiled>>();

  constructor(private readonly build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>) {}

  /** Runs the query in `db` (a transaction or the database) with these values. */
  execute(db: Db, ...args: Args): Promise<QueryResult<Row>> {
    const compiled = this.compiledFor(db, args);
    const parameters = compiled.slots.map((slot) => ('constant' in slot ? slot.constant : valueAt(args, slot.path)));
    return db.executeQuery<Row>({ query: compiled.query, queryId: compiled.queryId, sql: compiled.sql, parameters });
  }

  async all(db: Db, ...args: Args): Promise<Row[]> {
    return (await this.execute(db, ...args)).rows;
  }

  async first(db: Db, ...args: Args): Promise<Row | undefined> {
    return (await this.execute(db, ...args)).rows[0];
  }

  /** Rows inserted, updated or deleted by a write. */
  async affected(db: Db, ...args: Args): Promise<number> {
    return Number((await this.execute(db, ...args)).numAffectedRows ?? 0);
  }

  private compiledFor(db: Db, args: Args): Compiled {
    const adapter = db.getExecutor().adapter;
    let shapes = this.compiled.get(adapter);
    if (!shapes) {
      shapes = new Map();
      this.compiled.set(adapter, shapes);
    }
    const shape = shapeOf(args);
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = this.compile(db, args);
      shapes.set(shape, compiled);
    }
    return compiled;
  }

  private compile(db: Db, args: Args): Compiled {
    const standIns = standIn(args, []) as Args;
    const query = this.build(db as Kysely<Database>, ...standIns).compile();
    const used = new Set<string>();
    const slots = query.parameters.map((parameter): Slot => {
      if (typeof parameter !== 'string' || !parameter.startsWith(SENTINEL)) return { constant: parameter };
      used.add(parameter);
      return { path: JSON.parse(parameter.slice(SENTINEL.length)) as (string | number)[] };
    });
    // An argument that did not become a parameter (inlined, or unused) would be silently ignored.
    const missing = sentinelsOf(standIns).filter((sentinel) => !used.has(sentinel));
    if (missing.length)
      throw new Error(`prepared query: arguments ${missing.map((m) => m.slice(SENTINEL.length)).join(', ')} are not parameters of: ${query.sql}`);
    return { query: query.query, queryId: query.queryId, sql: query.sql, slots };
  }
}

/** Shorthand: `const findCart = prepared((db, userId: string) => db.selectFrom('carts')…)`. */
export const prepared = <Args extends readonly unknown[], Row>(build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>): PreparedQuery<Args, Row> =>
  new PreparedQuery(build);
