import type { z } from 'zod';
import { isValidationMessageKey } from '@tessera/contracts';
import { AppError, InvalidField } from '../lib/errors.js';

/**
 * Validates fields that do not come through a route schema (the text parts of a multipart form)
 * and fails the same way a schema would: 400 naming the first bad field, with the specification's
 * own message where the schema names one.
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: unknown): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  let field = issue?.path.map(String).join('.') || 'body';
  if (issue?.code === 'unrecognized_keys' && issue.keys[0]) field = issue.keys[0];
  if (issue && isValidationMessageKey(issue.message)) throw InvalidField(field, issue.message);
  throw new AppError('VALIDATION', field, issue?.message);
}
