import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { VALIDATION_MESSAGES, errorMessage, type ErrorBody, type ErrorCode, type Language } from '@tessera/contracts';
import { AppError } from '../lib/errors.js';
import { requestLanguage } from './language.js';
import { describeValidationFailure } from './validation-messages.js';

/** Fastify's own client errors, by the status they carry, onto our stable codes. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'TOKEN_INVALID',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'TOKEN_EXPIRED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

function body(code: ErrorCode, language: Language, field?: string, detail?: string): ErrorBody {
  const base = errorMessage(code, language);
  const message = field && detail ? `${base} ${field}: ${detail}` : base;
  return field ? { code, message, field } : { code, message };
}

/**
 * The one error handler: typed errors become `{ code, message, field? }` with the code's status and
 * a message in the request's language; anything unexpected is logged and answered as a bare 500.
 * No answer ever carries a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      if (error.messageKey) {
        return reply.status(error.status).send({ code: error.code, message: VALIDATION_MESSAGES[language][error.messageKey], field: error.field });
      }
      const answer = body(error.code, language, error.field);
      return reply.status(error.status).send(error.data === undefined ? answer : { ...answer, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problem = describeValidationFailure(request, error.validationContext, language);
      if (problem?.exact) return reply.status(400).send({ code: 'VALIDATION', message: problem.detail, field: problem.field });
      const fallback = error.validation[0]?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return reply
        .status(400)
        .send(body('VALIDATION', language, problem?.field ?? (fallback || 'body'), problem?.detail ?? error.validation[0]?.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'VALIDATION';
      return reply.status(status).send(body(code, language));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(status >= 500 && status < 600 ? status : 500).send(body(status === 503 ? 'UNAVAILABLE' : 'INTERNAL', language));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('NOT_FOUND', requestLanguage(request)));
  });
}

/**
 * Fastify's own answers to a URL it cannot decode (a path with bytes that are not UTF-8, `%E0%A4%A`)
 * come before any route and would bypass the handler above: answered here in the same shape.
 */
export function answerFrameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.status(400).send(body('VALIDATION', requestLanguage(request), 'url'));
}
