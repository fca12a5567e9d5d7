import { deflateSync } from 'node:zlib';

/**
 * Tiny, real files of every format the uploads module knows, for tests (not used by the server).
 * PNG and PDF are built here; the JPEG was encoded by Chromium's canvas (its ICC profile segment
 * dropped), the WebP, GIF and AVIF are the canonical pixels that browser feature detection uses.
 * Every image here was checked to decode in Chromium (createImageBitmap).
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of width×height pixels of one RGBA colour. */
export function pngImage(width = 1, height = 1, rgba: [number, number, number, number] = [46, 125, 50, 255]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type: RGBA
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgba).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG of at least `size` bytes: one pixel and a text comment chunk as long as needed. */
export function largePngImage(size: number): Buffer {
  const small = pngImage();
  const comment = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(Math.max(0, size - small.length - 20), 'x')]);
  return Buffer.concat([small.subarray(0, 33), pngChunk('tEXt', comment), small.subarray(33)]);
}

/** A one-page PDF that says "Tessera", with a correct cross-reference table. */
export function pdfDocument(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 37 >>\nstream\nBT /F1 18 Tf 20 40 Td (Tessera) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const jpegImage = (): Buffer =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/' +
      '2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QA' +
      'FQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oA' +
      'DAMBAAIRAxEAPwCaAInv/9k=',
    'base64',
  );

export const webpImage = (): Buffer => Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

export const gifImage = (): Buffer => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const avifImage = (): Buffer =>
  Buffer.from(
    'AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUIAAADybWV0YQAAAAAAAAAoaGRscgAAAAAAAAAAcGljdAAAAAAAAAAAAAAAAGxpYmF2aWYAAAAADnBp' +
      'dG0AAAAAAAEAAAAeaWxvYwAAAABEAAABAAEAAAABAAABGgAAAB0AAAAoaWluZgAAAAAAAQAAABppbmZlAgAAAAABAABhdjAxQ29sb3IAAAAAamlwcnAAAABL' +
      'aXBjbwAAABRpc3BlAAAAAAAAAAIAAAACAAAAEHBpeGkAAAAAAwgICAAAAAxhdjFDgQ0MAAAAABNjb2xybmNseAACAAIAAYAAAAAXaXBtYQAAAAAAAAABAAEE' +
      'AQKDBAAAACVtZGF0EgAKCBgANogQEAwgMg8f8D///8WfhwB8+ErK42A=',
    'base64',
  );

/** An SVG that would run a script if a browser rendered it as a document. */
export const svgImage = (): Buffer =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(document.cookie)</script></svg>', 'utf8');

/** Plain text, as in a "logo.png" that is really notes.txt renamed. */
export const textFile = (): Buffer => Buffer.from('Quarterly notes: not an image at all.\n', 'utf8');

// Hostile files, as the attack of issue #10 sent them: each starts like a picture or a PDF.

const SCRIPT_HTML = '<html><body><script>fetch("/v1/customer/profile").then(r=>r.text()).then(alert)</script></body></html>';

/** A PNG signature and header chunk followed by an HTML page with a script. */
export const pngThenHtml = (): Buffer => Buffer.concat([pngImage().subarray(0, 33), Buffer.from(SCRIPT_HTML)]);

/** A PNG signature and header chunk followed by an SVG document with an onload script. */
export const pngThenSvg = (): Buffer =>
  Buffer.concat([pngImage().subarray(0, 33), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><rect width="9" height="9"/></svg>')]);

/** A JPEG start-of-image and APP0 marker followed by an HTML page. */
export const jpegThenHtml = (): Buffer => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SCRIPT_HTML)]);

/** The classic GIF/JavaScript polyglot: "GIF89a" then bytes that are a comment and a script to a JS engine. */
export const gifJavaScriptPolyglot = (): Buffer => Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.domain);//\x3b', 'latin1');

/** A real one-pixel GIF that carries a script in a comment extension and after its trailer. */
export function gifWithScript(): Buffer {
  const gif = gifImage();
  const comment = Buffer.from('*/alert(document.domain)/*', 'latin1');
  // Comment extension: 0x21 0xFE, one sub-block, terminator; inserted before the trailer (0x3B).
  const extension = Buffer.concat([Buffer.from([0x21, 0xfe, comment.length]), comment, Buffer.from([0])]);
  return Buffer.concat([gif.subarray(0, gif.length - 1), extension, gif.subarray(gif.length - 1), Buffer.from(SCRIPT_HTML)]);
}

/**
 * A small, well-formed PNG whose header declares width × height pixels (its data holds one row):
 * a decompression bomb as far as a decoder that trusts the header is concerned.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + Math.ceil(width / 8)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** "%PDF-" then an HTML page: right first bytes, no PDF structure. */
export const pdfHeaderThenHtml = (): Buffer => Buffer.from(`%PDF-1.7\n${SCRIPT_HTML}`, 'latin1');

/** A valid PDF with an HTML page after its %%EOF. */
export const pdfThenHtml = (): Buffer => Buffer.concat([pdfDocument(), Buffer.from(SCRIPT_HTML)]);
