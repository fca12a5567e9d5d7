import { UPLOAD_MAX_PIXELS, UPLOAD_RULES, type UploadPurpose, type UploadRule } from '@tessera/contracts';

/**
 * A first check of a file the moment it is chosen, with the server's own rules (UPLOAD_RULES), so
 * that a bad file is named and left out at once instead of refusing a whole form later. The server
 * stays the judge: it decodes and re-encodes every picture and checks every PDF's structure.
 *
 * - 'type': not a kind this field takes (told from the file's first bytes, not its name);
 * - 'size': larger than the field's limit;
 * - 'unreadable': starts like a picture but the browser cannot decode it (a renamed or broken file);
 * - 'pixels': more pixels than the server takes.
 */
export type FileProblem = 'type' | 'size' | 'unreadable' | 'pixels';

type Sniffed = 'image' | 'gif' | 'pdf';

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/** What the first bytes say the file is, like the server's content sniffing. */
export function sniffKind(bytes: Uint8Array): Sniffed | null {
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') return 'image';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image';
  if (ascii(bytes, 4, 4) === 'ftyp' && /avi[fs]/.test(ascii(bytes, 8, 24))) return 'image';
  if (ascii(bytes, 0, 3) === 'GIF') return 'gif';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  return null;
}

/** The picture's size in pixels, decoded by the browser; null when it does not decode. */
async function decodedSize(file: Blob): Promise<{ width: number; height: number } | null> {
  // Server rendering and old browsers: nothing to decode with here, the server will judge.
  if (typeof createImageBitmap !== 'function') return { width: 1, height: 1 };
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** Checks one chosen file for an upload field; null when it may be sent. */
export async function checkUploadFile(file: Blob, purpose: UploadPurpose): Promise<FileProblem | null> {
  const rule: UploadRule = UPLOAD_RULES[purpose];
  const kind = sniffKind(new Uint8Array(await file.slice(0, 32).arrayBuffer()));
  const takesImage = rule.kinds.includes('image');
  const accepted = kind === 'pdf' ? rule.kinds.includes('pdf') : kind === 'gif' ? takesImage && rule.gif : kind === 'image' && takesImage;
  if (!accepted) return 'type';
  if (file.size > rule.maxBytes) return 'size';
  if (kind === 'pdf') return null;
  const size = await decodedSize(file);
  if (!size) return 'unreadable';
  return size.width * size.height > UPLOAD_MAX_PIXELS ? 'pixels' : null;
}

/** Checks several files at once; answers the ones to keep and, in order, the ones left out and why. */
export async function checkUploadFiles<T extends Blob>(files: readonly T[], purpose: UploadPurpose): Promise<{ ok: T[]; refused: Array<{ file: T; problem: FileProblem }> }> {
  const problems = await Promise.all(files.map((file) => checkUploadFile(file, purpose)));
  const ok: T[] = [];
  const refused: Array<{ file: T; problem: FileProblem }> = [];
  files.forEach((file, i) => {
    const problem = problems[i];
    if (problem) refused.push({ file, problem });
    else ok.push(file);
  });
  return { ok, refused };
}
