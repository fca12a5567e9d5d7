import { describe, expect, it } from 'vitest';
import { isAccepted, sniffContentType } from './content-sniffing.js';
import { contentDisposition, sanitiseFileName } from './file-names.js';
import { avifImage, gifImage, jpegImage, pdfDocument, pngImage, svgImage, textFile, webpImage } from '../../test/sample-files.js';

/** An ISO-BMFF `ftyp` box with the given major and compatible brands, then some bytes. */
function ftyp(major: string, compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'ascii');
  box.write(major, 8, 'ascii');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'ascii'));
  return Buffer.concat([box, Buffer.alloc(32)]);
}

describe('sniffContentType', () => {
  it.each([
    ['PNG', pngImage(), 'image/png'],
    ['JPEG', jpegImage(), 'image/jpeg'],
    ['WebP', webpImage(), 'image/webp'],
    ['GIF', gifImage(), 'image/gif'],
    ['AVIF', avifImage(), 'image/avif'],
    ['PDF', pdfDocument(), 'application/pdf'],
    ['AVIF whose major brand is mif1 with avif compatible', ftyp('mif1', ['mif1', 'avif', 'miaf']), 'image/avif'],
    ['an AVIF image sequence', ftyp('avis', ['avis', 'msf1']), 'image/avif'],
  ])('knows %s by its bytes', (_name, data, type) => {
    expect(sniffContentType(data)).toBe(type);
  });

  it.each([
    ['a text file', textFile()],
    ['an SVG (scripts inside)', svgImage()],
    ['an SVG with an XML declaration', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    ['nothing', Buffer.alloc(0)],
    ['the PNG signature alone', pngImage().subarray(0, 8)],
    ['a PDF header that does not open the file', Buffer.concat([Buffer.from('junk\n'), pdfDocument()])],
    ['HEIC', ftyp('heic', ['mif1', 'heic'])],
    ['MP4', ftyp('isom', ['isom', 'iso2', 'mp41'])],
    ['an ftyp box longer than the file', ftyp('avif', ['avif']).subarray(0, 12)],
    ['a RIFF WAVE file', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(16)])],
    ['a ZIP (docx, xlsx)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])],
    ['random bytes', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe])],
  ])('does not recognise %s', (_name, data) => {
    expect(sniffContentType(data)).toBeUndefined();
  });
});

describe('isAccepted', () => {
  it('takes the types of the accepted kinds only', () => {
    expect(isAccepted('image/png', ['image'])).toBe(true);
    expect(isAccepted('application/pdf', ['image'])).toBe(false);
    expect(isAccepted('application/pdf', ['image', 'pdf'])).toBe(true);
    expect(isAccepted('image/webp', ['pdf'])).toBe(false);
    expect(isAccepted(undefined, ['image', 'pdf'])).toBe(false);
  });
});

describe('sanitiseFileName', () => {
  it.each([
    ['logo.png', 'image/png', 'logo.png'],
    ['Photo.JPEG', 'image/jpeg', 'Photo.jpeg'],
    ['scan.pdf', 'image/png', 'scan.png'],
    ['../../../etc/passwd', 'image/png', 'passwd.png'],
    ['..\\..\\windows\\system32\\evil.gif', 'image/gif', 'evil.gif'],
    ['..', 'image/png', 'file.png'],
    ['.htaccess', 'application/pdf', 'htaccess.pdf'],
    [undefined, 'image/webp', 'file.webp'],
    ['', 'image/avif', 'file.avif'],
    ['invoice\u202Efdp.exe', 'application/pdf', 'invoicefdp.pdf'],
    ['a"b;c\r\nSet-Cookie: x=1.png', 'image/png', 'a_b_cSet-Cookie_ x=1.png'],
    ['Café Ñandú 会社.png', 'image/png', 'Café Ñandú 会社.png'],
    ['company.logo.final', 'image/png', 'company.logo.png'],
  ])('makes %j safe as a %s', (name, type, expected) => {
    expect(sanitiseFileName(name, type as Parameters<typeof sanitiseFileName>[1])).toBe(expected);
  });

  it('keeps names short and their extension', () => {
    const name = sanitiseFileName(`${'x'.repeat(500)}.png`, 'image/png');
    expect(name.length).toBeLessThanOrEqual(120);
    expect(name.endsWith('.png')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('inline', "Café (1)'s.png")).toBe(
      `inline; filename="Caf_ (1)'s.png"; filename*=UTF-8''Caf%C3%A9%20%281%29%27s.png`,
    );
  });
});
