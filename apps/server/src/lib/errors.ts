import { ERROR_CODES, type ErrorCode, type ValidationMessageKey } from '@tessera/contracts';

/**
 * A typed failure that the one error handler turns into `{ code, message }` with the code's HTTP
 * status and the message in the request's language. Services throw these; handlers never format.
 */
export class AppError extends Error {
  readonly status: number;
  /** Answered as the body's `data` (a refused promo code's details, which the client stores). */
  data?: unknown;
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
    detail?: string,
    /** One of the specification's field messages, answered as the whole message. */
    readonly messageKey?: ValidationMessageKey,
  ) {
    super(detail ?? code);
    this.name = 'AppError';
    this.status = ERROR_CODES[code];
  }
}

/** A field that breaks one of the specification's quoted rules ('Enter Valid Name', …). */
export const InvalidField = (field: string, messageKey: ValidationMessageKey) => new AppError('VALIDATION', field, undefined, messageKey);

export const NotFound = (code: 'NOT_FOUND' | 'PAGE_NOT_FOUND' = 'NOT_FOUND') => new AppError(code);
export const Forbidden = () => new AppError('FORBIDDEN');
export const Conflict = (field?: string) => new AppError('CONFLICT', field);
export const Invalid = (field: string, detail?: string) => new AppError('VALIDATION', field, detail);
export const Unauthorized = (
  code: 'TOKEN_MISSING' | 'TOKEN_INVALID' | 'SESSION_REVOKED' | 'REFRESH_TOKEN_INVALID' | 'SITE_LOCKED',
) => new AppError(code);

/** A refusal whose answer also carries `data` for the client (seed §8: a promo code failure's data is stored). */
export const RefusedWithData = (code: ErrorCode, data: unknown, field?: string) => Object.assign(new AppError(code, field), { data });
