import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

/**
 * Dictionary keys that make a PDF run something or carry other files: scripts, embedded and
 * attached files, rich media, XML forms. (An /OpenAction or /AA that only goes to a page is
 * harmless; the actions inside are judged by their type below.)
 */
const FORBIDDEN_KEYS = new Set(['JS', 'JavaScript', 'EmbeddedFiles', 'EmbeddedFile', 'EF', 'RichMedia', 'RichMediaContent', 'XFA']);
/** Action types (/S) and annotation or object types that do the same. */
const FORBIDDEN_NAMES = new Set(['JavaScript', 'Launch', 'ImportData', 'SubmitForm', 'RichMediaExecute', 'GoToE', 'Rendition', 'Movie', 'Sound', 'FileAttachment', 'EmbeddedFile']);
const TYPE_KEYS = ['S', 'Subtype', 'Type'].map((key) => PDFName.of(key));
/** A valid PDF ends with %%EOF; only line breaks and a little padding may follow it. */
const EOF_MARKER = /%%EOF[\r\n\t \0]{0,32}$/;

/**
 * Whether the bytes are a PDF that opens and does nothing but show its pages: it parses as a whole
 * (every object, including compressed object streams), has a page, is not encrypted (an encrypted
 * file cannot be inspected), ends where a PDF ends (no HTML after %%EOF), and no object anywhere
 * carries JavaScript, launch or submit actions, embedded or attached files, or rich media.
 *
 * The file itself is kept as sent when it passes: rewriting it would break a certificate's digital
 * signature, which is what a buyer may want to verify.
 */
export async function isSafePdf(data: Buffer): Promise<boolean> {
  const tail = data.subarray(Math.max(0, data.length - 64)).toString('latin1');
  if (!EOF_MARKER.test(tail)) return false;
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: true });
    if (document.getPageCount() < 1) return false;
  } catch {
    // Unparsable, encrypted (EncryptedPDFError) or without a page tree.
    return false;
  }
  const seen = new Set<PDFObject>();
  const isActive = (object: PDFObject | undefined): boolean => {
    if (object === undefined || seen.has(object)) return false;
    seen.add(object);
    if (object instanceof PDFRef) return isActive(document.context.lookup(object));
    if (object instanceof PDFStream) return isActive(object.dict);
    if (object instanceof PDFArray) return object.asArray().some(isActive);
    if (!(object instanceof PDFDict)) return false;
    for (const [key, value] of object.entries()) {
      if (FORBIDDEN_KEYS.has(key.decodeText())) return true;
      if (TYPE_KEYS.includes(key) && value instanceof PDFName && FORBIDDEN_NAMES.has(value.decodeText())) return true;
      if (isActive(value)) return true;
    }
    return false;
  };
  // Every object the file holds, referenced or not, and the trailer's.
  if (isActive(document.context.trailerInfo.Root) || isActive(document.context.trailerInfo.Info)) return false;
  return !document.context.enumerateIndirectObjects().some(([, object]) => isActive(object));
}
