import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { describeIssue, type Language } from '@tessera/contracts';

// Zod ships translated messages for all four of our languages.
const LOCALES: Record<Language, ReturnType<typeof z.locales.en>> = {
  en: z.locales.en(),
  es: z.locales.es(),
  ar: z.locales.ar(),
  ms: z.locales.ms(),
};

export interface FieldProblem {
  field: string;
  detail: string;
  /** The detail is one of the specification's own field messages and is the whole answer. */
  exact: boolean;
}

type Part = 'body' | 'querystring' | 'params' | 'headers';

const REQUEST_PART: Record<Part, (r: FastifyRequest) => unknown> = {
  body: (r) => r.body,
  querystring: (r) => r.query,
  params: (r) => r.params,
  headers: (r) => r.headers,
};

/**
 * Re-checks the invalid part of a request to describe its first problem in the caller's language,
 * with the value that was received. Only runs on the error path, so the extra parse costs nothing
 * on a good request.
 */
export function describeValidationFailure(request: FastifyRequest, part: string | undefined, language: Language): FieldProblem | undefined {
  const key = (part ?? 'body') as Part;
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[key === 'querystring' ? 'querystring' : key];
  if (!(schema instanceof z.ZodType) || !(key in REQUEST_PART)) return undefined;
  const result = schema.safeParse(REQUEST_PART[key](request), { reportInput: true, error: LOCALES[language].localeError });
  const issue = result.success ? undefined : result.error.issues[0];
  if (!issue) return undefined;
  const path = issue.path.map(String).join('.');
  const prefix = key === 'body' ? '' : `${key === 'querystring' ? 'query' : key}.`;
  let field = `${prefix}${path}` || key;
  // An unknown key is reported on the object; name the key itself so the client can point at it.
  if (issue.code === 'unrecognized_keys' && issue.keys[0]) field = `${prefix}${path ? `${path}.` : ''}${issue.keys[0]}`;
  // The same mapping as the web forms: an empty field is required, a given one too long, too short,
  // out of range or of the wrong shape says which. A schema's own message is the whole answer; the
  // others follow the field's name, as zod's own text did.
  const described = describeIssue(issue, language, issue.input);
  if (!described) return { field, detail: issue.message, exact: false };
  return { field, detail: described.text, exact: issue.message === described.key };
}
