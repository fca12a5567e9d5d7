import type { FastifyInstance } from 'fastify';

/**
 * The API as its OpenAPI document describes it (`/docs/openapi.json` of the app under test), for
 * the tests that walk every route: a route added later is walked without a new test.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
};

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, `/v1/seller/products/{id}`. */
  path: string;
  /** The first tag, or the path's first segments: how the summary groups routes. */
  group: string;
  summary: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the route takes one. */
  body: JsonSchema | undefined;
  /** Takes multipart/form-data (declared with `consumes`, or a write route with no JSON body). */
  multipart: boolean;
}

type Doc = { paths: Record<string, Record<string, { summary?: string; tags?: string[]; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>; components?: { schemas?: Record<string, JsonSchema> } };

/** Follows `$ref`s into the document's components (zod's recursive schemas are the only ones). */
export function resolver(doc: Doc) {
  return (schema: JsonSchema | undefined): JsonSchema | undefined => {
    let at = schema;
    for (let hops = 0; at?.$ref && hops < 10; hops++) {
      const name = at.$ref.split('/').pop() as string;
      at = doc.components?.schemas?.[name];
    }
    return at;
  };
}

export async function readOperations(app: FastifyInstance): Promise<{ operations: Operation[]; resolve: ReturnType<typeof resolver> }> {
  const response = await app.inject({ url: '/docs/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`/docs/openapi.json answered ${response.statusCode}`);
  const doc = response.json() as Doc;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']?.schema;
      const segments = path.split('/').filter(Boolean);
      operations.push({
        method: upper,
        path,
        group: op.tags?.[0] ?? segments.slice(0, 2).join('/'),
        summary: op.summary ?? '',
        parameters: op.parameters ?? [],
        body,
        multipart: 'multipart/form-data' in content || (upper !== 'GET' && upper !== 'DELETE' && body === undefined),
      });
    }
  }
  return { operations, resolve: resolver(doc) };
}

/**
 * encodeURIComponent that also sends half a surrogate pair (which it refuses to encode) as the
 * three bytes a careless client would: the server must cope with whatever arrives.
 */
export const percentEncode = (value: string): string =>
  value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[^]/gu, (c) => {
    const unit = c.charCodeAt(0);
    if (c.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(c);
  });

/** Fills a path's `{params}`. */
export const fillPath = (path: string, values: Record<string, string>): string => path.replace(/\{(\w+)\}/g, (_, name: string) => percentEncode(values[name] ?? 'x'));

/** The segment before a path parameter names what it is: `addresses/{id}`. */
export const paramKey = (path: string, name: string): string => {
  const segments = path.split('/');
  const at = segments.indexOf(`{${name}}`);
  return `${segments[at - 1] ?? ''}/{${name}}`;
};

/** Whether a field or parameter name holds an id (or a list of ids). */
export const isIdName = (name: string): boolean => /^(id|ids|idOrSlug)$|[a-z](Id|Ids|Ref)$|^storecategoryid$/.test(name);

export interface Leaf {
  /** The field's path in the body, array items as 0: ['variants', '0', 'id']. */
  path: string[];
  schema: JsonSchema;
}

/** The fields of a body schema, nested objects and the first item of arrays included (depth-limited). */
export function leavesOf(schema: JsonSchema | undefined, resolve: ReturnType<typeof resolver>, path: string[] = [], depth = 0): Leaf[] {
  const at = resolve(schema);
  if (!at || depth > 6) return [];
  const options = at.anyOf ?? at.oneOf;
  if (options) {
    const first = options.map(resolve).find((o) => o && o.type !== 'null');
    return first ? leavesOf(first, resolve, path, depth + 1) : [{ path, schema: at }];
  }
  if (at.properties) {
    const leaves: Leaf[] = path.length ? [{ path, schema: at }] : [];
    for (const [name, child] of Object.entries(at.properties)) leaves.push(...leavesOf(child, resolve, [...path, name], depth + 1));
    return leaves;
  }
  if (at.type === 'array' && at.items) return [{ path, schema: at }, ...leavesOf(at.items, resolve, [...path, '0'], depth + 1)];
  return [{ path, schema: at }];
}
