import { UPLOAD_RULES } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { checkUploadFile, checkUploadFiles, sniffKind } from './file-check';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const TEXT = new TextEncoder().encode('Quarterly notes: not an image at all.');
const blob = (bytes: Uint8Array<ArrayBuffer>, padTo = 0) => new Blob([bytes, new Uint8Array(Math.max(0, padTo - bytes.length))]);

describe('checkUploadFile', () => {
  it('tells the kind from the first bytes, whatever the name or declared type', () => {
    expect(sniffKind(PNG)).toBe('image');
    expect(sniffKind(GIF)).toBe('gif');
    expect(sniffKind(PDF)).toBe('pdf');
    expect(sniffKind(TEXT)).toBeNull();
  });

  it("refuses a file of a kind the field does not take, by the server's rules", async () => {
    expect(await checkUploadFile(blob(TEXT), 'product-image')).toBe('type');
    expect(await checkUploadFile(blob(GIF), 'product-image')).toBe('type');
    expect(await checkUploadFile(blob(PDF), 'company-logo')).toBe('type');
    expect(await checkUploadFile(blob(GIF), 'company-logo')).toBeNull();
    expect(await checkUploadFile(blob(PDF), 'certificate-evidence')).toBeNull();
  });

  it('refuses a file over the limit of its field, and takes one at the limit', async () => {
    const limit = UPLOAD_RULES['company-logo'].maxBytes;
    expect(await checkUploadFile(blob(PNG, limit + 1), 'company-logo')).toBe('size');
    expect(await checkUploadFile(blob(PNG, limit), 'company-logo')).toBeNull();
  });

  it('keeps the good files of a batch in order and names each refused one with its reason', async () => {
    const files = [blob(TEXT), blob(PNG), blob(GIF), blob(PNG, 1)];
    const { ok, refused } = await checkUploadFiles(files, 'product-image');
    expect(ok).toEqual([files[1], files[3]]);
    expect(refused).toEqual([
      { file: files[0], problem: 'type' },
      { file: files[2], problem: 'type' },
    ]);
  });
});
