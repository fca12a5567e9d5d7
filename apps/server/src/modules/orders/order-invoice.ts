import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Language, TOrder, UserType } from '@tessera/contracts';
import { AppError } from '../../lib/errors.js';
import { INVOICE_LABELS, type InvoiceLabels } from './invoice-labels.js';
import type { OrdersService } from './orders.service.js';

/**
 * The order's invoice as a PDF (issue #11 §4), drawn with pdfkit. Labels are in the request's
 * language and amounts in the order's currency. Arabic needs a font with Arabic glyphs: pdfkit's
 * built-in Helvetica has none, so the invoice embeds INVOICE_FONT (a TrueType file) or, when
 * unset, Debian's DejaVu Sans if it is installed; fontkit (inside pdfkit) joins the letters and
 * lays the run out right to left. With no such font an Arabic invoice falls back to the English
 * labels (docs/orders.md), rather than printing boxes.
 */

/** Debian's fonts-dejavu-core: Latin, Arabic and the currency signs in one file. */
export const DEFAULT_INVOICE_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEFAULT_INVOICE_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

export interface InvoiceFonts {
  regular: string;
  bold: string;
}

/** The fonts to embed: the configured file (for both weights), DejaVu when present, else none. */
export function resolveInvoiceFonts(configured: string | undefined): InvoiceFonts | null {
  if (configured) return fs.existsSync(configured) ? { regular: configured, bold: configured } : null;
  if (!fs.existsSync(DEFAULT_INVOICE_FONT)) return null;
  return { regular: DEFAULT_INVOICE_FONT, bold: fs.existsSync(DEFAULT_INVOICE_BOLD) ? DEFAULT_INVOICE_BOLD : DEFAULT_INVOICE_FONT };
}

/** Minor units to a formatted amount in the currency (its own number of decimals); Latin digits in every language. */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn' : language;
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

function formatDate(at: number, language: Language): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn' : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at) + ' UTC';
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const INNER = PAGE.width - PAGE.margin * 2;

export async function renderInvoice(order: TOrder, requested: Language, fonts: InvoiceFonts | null): Promise<Buffer> {
  // Without an Arabic-capable font the English labels are printed (see the header comment).
  const language: Language = requested === 'ar' && !fonts ? 'en' : requested;
  const rtl = language === 'ar';
  const l: InvoiceLabels = INVOICE_LABELS[language];
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, language);

  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: `${l.title} ${order.orderId}`, Author: 'Tessera' }, lang: language });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (fonts) {
    doc.registerFont('regular', fonts.regular);
    doc.registerFont('bold', fonts.bold);
  } else {
    doc.registerFont('regular', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  }

  /** One cell at a logical start offset (mirrored for right-to-left) and width. */
  const cell = (text: string, start: number, width: number, y: number, options: { bold?: boolean; size?: number; align?: 'start' | 'end' } = {}) => {
    const x = rtl ? PAGE.margin + INNER - start - width : PAGE.margin + start;
    const end = options.align === 'end';
    const align = rtl !== end ? 'right' : 'left';
    doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 9)
      .text(text, x, y, { width, align, lineBreak: true });
  };
  const rule = (y: number) => {
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + INNER, y)
      .lineWidth(0.5)
      .strokeColor('#b8b2a7')
      .stroke();
  };
  const ensureRoom = (y: number, needed: number): number => {
    if (y + needed < PAGE.height - PAGE.margin - 24) return y;
    doc.addPage();
    return PAGE.margin;
  };

  let y = PAGE.margin;
  cell('Tessera', 0, INNER / 2, y, { bold: true, size: 18 });
  cell(l.title, INNER / 2, INNER / 2, y, { bold: true, size: 18, align: 'end' });
  y += 32;
  const facts: Array<[string, string]> = [
    [l.orderId, order.orderId],
    [l.orderedDate, formatDate(order.orderedAt, language)],
    [l.buyer, [order.buyer.name, order.buyer.email].filter(Boolean).join(' · ')],
    [l.paymentType, order.paymentType],
    [l.deliveryMode, order.deliveryMode],
  ];
  if (order.address) {
    const a = order.address;
    facts.push([l.deliverTo, [a.name, a.addressLine1, a.flatNumber, a.locality, a.city, a.state, a.pincode].filter(Boolean).join(', ')]);
  }
  if (order.offerApplied) facts.push([l.offerApplied, order.offerApplied]);
  for (const [label, value] of facts) {
    cell(label, 0, 130, y, { bold: true });
    cell(value, 140, INNER - 140, y);
    y += Math.max(14, doc.heightOfString(value, { width: INNER - 140 }) + 3);
  }

  const columns = { item: [0, 250], quantity: [255, 45], unit: [305, 95], amount: [405, INNER - 405] } as const;
  for (const storeOrder of order.storeOrders) {
    y = ensureRoom(y + 14, 90);
    rule(y);
    y += 8;
    cell(`${l.store}: ${storeOrder.storeName}`, 0, INNER * 0.6, y, { bold: true, size: 11 });
    cell(`${l.storeOrderId}: ${storeOrder.storeOrderId}`, INNER * 0.45, INNER * 0.55, y + 2, { size: 8, align: 'end' });
    y += 20;
    cell(l.item, columns.item[0], columns.item[1], y, { bold: true });
    cell(l.quantity, columns.quantity[0], columns.quantity[1], y, { bold: true, align: 'end' });
    cell(l.unitPrice, columns.unit[0], columns.unit[1], y, { bold: true, align: 'end' });
    cell(l.amount, columns.amount[0], columns.amount[1], y, { bold: true, align: 'end' });
    y += 14;
    for (const line of storeOrder.items) {
      const title = [line.title, line.colour, line.size].filter(Boolean).join(' · ') + (line.status === 'cancelled' ? ` (${l.cancelled})` : '');
      const height = Math.max(13, doc.font('regular').fontSize(9).heightOfString(title, { width: columns.item[1] }) + 2);
      y = ensureRoom(y, height);
      cell(title, columns.item[0], columns.item[1], y);
      cell(String(line.quantity), columns.quantity[0], columns.quantity[1], y, { align: 'end' });
      cell(money(line.unitPrice), columns.unit[0], columns.unit[1], y, { align: 'end' });
      cell(money(line.lineTotal), columns.amount[0], columns.amount[1], y, { align: 'end' });
      y += height;
    }
    const sums: Array<[string, { amount: number; currency: string }]> = [
      [l.deliveryFees, { amount: storeOrder.deliveryFee.amount + storeOrder.driverFee.amount, currency: storeOrder.deliveryFee.currency }],
      [l.estimatedTax, storeOrder.tax],
    ];
    if (storeOrder.discount.amount) sums.push([l.coupon, { amount: -storeOrder.discount.amount, currency: storeOrder.discount.currency }]);
    sums.push([l.storeTotal, storeOrder.storeTotal]);
    for (const [label, value] of sums) {
      y = ensureRoom(y, 13);
      cell(label, columns.unit[0] - 150, 245, y, { align: 'end', bold: label === l.storeTotal });
      cell(money(value), columns.amount[0], columns.amount[1], y, { align: 'end', bold: label === l.storeTotal });
      y += 13;
    }
  }

  y = ensureRoom(y + 12, 100);
  rule(y);
  y += 10;
  const totals: Array<[string, { amount: number; currency: string }, boolean]> = [
    [l.subtotalBeforeTax, order.totals.subtotalBeforeTax, false],
    [l.deliveryFees, order.totals.deliveryFees, false],
    [l.estimatedTax, order.totals.estimatedTax, false],
    [l.coupon, { amount: -order.totals.coupon.amount, currency: order.totals.coupon.currency }, false],
    [l.totalAfterTax, order.totals.totalAfterTax, true],
  ];
  for (const [label, value, strong] of totals) {
    cell(label, 150, 250, y, { align: 'end', bold: strong, size: strong ? 11 : 9 });
    cell(money(value), columns.amount[0], columns.amount[1], y, { align: 'end', bold: strong, size: strong ? 11 : 9 });
    y += strong ? 18 : 14;
  }
  cell(l.footer, 0, INNER, PAGE.height - PAGE.margin - 16, { size: 7 });
  doc.end();
  return done;
}

/** Who may have an order's invoice: its buyer, and the store team (anyone else: the seed's 'could not fetch…'). */
export class OrderInvoices {
  private readonly fonts: InvoiceFonts | null;

  constructor(private readonly deps: { orders: OrdersService; fontPath: string | undefined }) {
    this.fonts = resolveInvoiceFonts(deps.fontPath);
  }

  async render(options: { requester: { userId: string; userType: UserType }; orderId: string; language: Language }): Promise<Buffer> {
    const order = await this.deps.orders.orderView(options.orderId, options.language);
    if (options.requester.userType !== 'team' && order.buyer.id !== options.requester.userId) throw new AppError('ORDER_DETAILS_FAILED', 'orderId');
    return renderInvoice(order, options.language, this.fonts);
  }
}
