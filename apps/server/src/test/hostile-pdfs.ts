import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/**
 * PDFs that do something when opened, made with pdf-lib (test fixtures, not used by the server).
 * Saved with compressed object streams, as real tools do: the dangerous names are not in the
 * file's bytes, only in its parsed structure.
 */

async function onePage(change: (document: PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 100]).drawText('Certificate', { x: 20, y: 40, size: 18 });
  await change(document);
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

/** A plain one-page PDF as a PDF writer makes it. */
export const plainPdf = (): Promise<Buffer> => onePage(() => undefined);

/** Runs JavaScript when opened (an OpenAction of type JavaScript). */
export const pdfWithJavaScript = (): Promise<Buffer> =>
  onePage((document) => {
    document.catalog.set(PDFName.of('OpenAction'), document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') }));
  });

/** Starts a program when opened (a Launch action). */
export const pdfWithLaunch = (): Promise<Buffer> =>
  onePage((document) => {
    document.catalog.set(PDFName.of('OpenAction'), document.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }));
  });

/** Carries another file (an embedded HTML page). */
export const pdfWithEmbeddedFile = (): Promise<Buffer> =>
  onePage(async (document) => {
    await document.attach(Buffer.from('<script>alert(1)</script>'), 'invoice.html', { mimeType: 'text/html' });
  });

/** Goes to its first page when opened: an OpenAction that is harmless, and must be accepted. */
export const pdfOpeningAtFirstPage = (): Promise<Buffer> =>
  onePage((document) => {
    const page = document.getPage(0);
    document.catalog.set(PDFName.of('OpenAction'), document.context.obj([page.ref, PDFName.of('Fit')]));
  });
