import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { hasForbiddenCharacters } from '@tessera/contracts';
import { AppError, InvalidField } from '../../lib/errors.js';

export interface MultipartLimits {
  /** Largest file accepted, in bytes; a larger one is refused with 413 naming its field. */
  maxFileBytes: number;
  /**
   * Tighter limits for some file fields (a company's logo beside its larger document), counted as
   * the file streams in: reading stops at the limit, so nothing past it is ever held.
   */
  maxBytesByField?: Readonly<Record<string, number>>;
  /** The answer to a file past its limit; default 413 PAYLOAD_TOO_LARGE naming the field. */
  tooLarge?: (field: string) => AppError;
  /** Most files in one request; more is refused with 413. */
  maxFiles: number;
  /** The file fields the route takes; a file in any other field is refused with 400 naming it. */
  fileFields: readonly string[];
  /** The text fields the route takes; any other is refused with 400 naming it. Omit to take any. */
  fields?: readonly string[];
  /** Most text fields in one request (413 beyond). Default 50. */
  maxFields?: number;
  /** Longest text field value, in bytes (413 beyond, naming the field). Default 64 KiB. */
  maxFieldBytes?: number;
}

type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]> & { throwFileSizeLimit: boolean };

export interface ReceivedFile {
  /** The form field it came in. */
  field: string;
  /** The name the client gave it: untrusted, only for UploadsService.save's originalName. */
  filename: string;
  /** The type the client declared: untrusted, never used to decide what the file is. */
  declaredType: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Text fields by name; each name at most once. */
  fields: Record<string, string>;
  files: ReceivedFile[];
}

/**
 * Lets the routes of one plugin read multipart bodies; each route then reads with its own, tighter
 * limits (readMultipartFiles). Registered only where files are taken: @fastify/multipart adds two
 * hooks and a listener to every request of its scope, which the busy catalog reads should not pay.
 * A multipart body sent anywhere else is refused with 415.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 60, parts: 70, fieldSize: 65_536 } });
}

/** @fastify/multipart's errors, by code, onto ours. Its 406s would read as "token expired" here. */
const PLUGIN_ERRORS: Record<string, 'PAYLOAD_TOO_LARGE' | 'VALIDATION' | 'UNSUPPORTED_MEDIA_TYPE'> = {
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_PROTO_VIOLATION: 'VALIDATION',
  FST_INVALID_JSON_FIELD_ERROR: 'VALIDATION',
  FST_MP_PREMATURE_CLOSE: 'VALIDATION',
};

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, part } = error as { code?: unknown; part?: { fieldname?: unknown } };
  const mapped = typeof code === 'string' ? PLUGIN_ERRORS[code] : undefined;
  const field = typeof part?.fieldname === 'string' ? part.fieldname : undefined;
  // Anything else the parser throws (busboy: "Unexpected end of form", "Malformed part header",
  // a missing boundary) is a body that is not well-formed multipart: the client's fault.
  return new AppError(mapped ?? 'VALIDATION', field, error instanceof Error ? error.message : undefined);
}

/**
 * Reads a multipart/form-data request into text fields and in-memory files, within limits, for
 * routes that take uploads (company registration, product images, certificate evidence). Every
 * failure is a clean AppError: 415 when the request is not multipart, 413 past a limit, 400 for a
 * malformed or truncated body or an unexpected field. The files are then checked by content in
 * UploadsService.save; nothing here trusts a file's name or declared type.
 *
 * Needs @fastify/multipart registered on the app (the limits here override its defaults).
 */
export async function readMultipartFiles(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartForm> {
  if (typeof request.isMultipart !== 'function') throw new Error('readMultipartFiles needs @fastify/multipart registered on the app');
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const maxFields = limits.maxFields ?? 50;
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: ReceivedFile[] = [];
  try {
    const options: PartsOptions = {
      limits: {
        // One byte over, so that readFile's own count (which knows each field's limit) refuses first.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: maxFields,
        fieldSize: limits.maxFieldBytes ?? 65_536,
        parts: limits.maxFiles + maxFields,
        fieldNameSize: 100,
        headerPairs: 100,
      },
      // Per call, whatever the app-wide default: a file past the limit throws instead of truncating.
      throwFileSizeLimit: true,
    };
    for await (const part of request.parts(options)) {
      if (part.type === 'file') {
        files.push(await readFile(part, limits));
        continue;
      }
      if (part.fieldnameTruncated) throw new AppError('VALIDATION');
      if (limits.fields && !limits.fields.includes(part.fieldname)) throw new AppError('VALIDATION', part.fieldname, 'unexpected field');
      if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE', part.fieldname);
      if (part.fieldname in fields) throw new AppError('VALIDATION', part.fieldname, 'field sent twice');
      // The rule every JSON body gets from the text guard (src/http/text-guard.ts).
      if (typeof part.value === 'string' && hasForbiddenCharacters(part.value)) throw InvalidField(part.fieldname, 'TEXT_HAS_CONTROL_CHARACTERS');
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
    }
  } catch (error) {
    throw toAppError(error);
  }
  return { fields: { ...fields }, files };
}

async function readFile(part: MultipartFile, limits: MultipartLimits): Promise<ReceivedFile> {
  if (!limits.fileFields.includes(part.fieldname)) {
    // Drain it so that the parser can go on to the end of the body, then refuse.
    part.file.resume();
    throw new AppError('VALIDATION', part.fieldname, 'unexpected file field');
  }
  const limit = Math.min(limits.maxBytesByField?.[part.fieldname] ?? limits.maxFileBytes, limits.maxFileBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw limits.tooLarge?.(part.fieldname) ?? new AppError('PAYLOAD_TOO_LARGE', part.fieldname);
    chunks.push(chunk);
  }
  // Belt and braces: the parser stops the stream at maxFileBytes, and a truncated file must never pass.
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', part.fieldname);
  const data = Buffer.concat(chunks, size);
  return { field: part.fieldname, filename: part.filename, declaredType: part.mimetype, data };
}
