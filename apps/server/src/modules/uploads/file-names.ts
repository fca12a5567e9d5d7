import { EXTENSIONS, type SniffedType } from './content-sniffing.js';

const MAX_NAME_LENGTH = 120;

/**
 * The client's file name made safe to show and to put in Content-Disposition: the last path
 * segment only, no control or bidirectional-override characters, no characters that mean something
 * in a header or a file system, at most 120 characters, and an extension that matches the sniffed
 * type (a PNG sent as "invoice.pdf" is served as "invoice.png"). It is never used as a path.
 */
export function sanitiseFileName(name: string | undefined, type: SniffedType): string {
  const lastSegment = (name ?? '').split(/[/\\]/).pop() ?? '';
  let clean = lastSegment
    .normalize('NFC')
    // Control, format (U+202E right-to-left override hides a real extension), unassigned, private.
    .replace(/\p{C}/gu, '')
    .replace(/["*:<>?|;`$%]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // No hidden files, no "..", no trailing dots (Windows drops them).
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const allowed = EXTENSIONS[type];
  const dot = clean.lastIndexOf('.');
  let base = clean;
  let extension = '';
  if (dot > 0 && /^[\p{L}\p{N}]{1,5}$/u.test(clean.slice(dot + 1))) {
    base = clean.slice(0, dot).replace(/[.\s]+$/, '');
    extension = clean.slice(dot + 1).toLowerCase();
  }
  if (!allowed.includes(extension)) extension = allowed[0] as string;
  const baseChars = [...base].slice(0, MAX_NAME_LENGTH - extension.length - 1);
  base = baseChars.join('').trim();
  clean = `${base || 'file'}.${extension}`;
  return clean;
}

/** RFC 8187 value: UTF-8, percent-encoded, with the characters encodeURIComponent leaves alone too. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `inline` or `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
