/**
 * Draws an invoice (invoice.ts InvoiceData) as an A4 PDF with pdfkit: the supplier and
 * recipient blocks, the tax invoice part (goods with GST: HSN, quantity and unit, taxable
 * value, CGST and SGST rate and amount per line), the bill of supply part (exempt goods), the
 * delivery fee, discounts, totals and the amount in words. Built-in Helvetica, so amounts are
 * written "Rs." (its encoding has no ₹). Returns the file's bytes.
 */
import PDFDocument from 'pdfkit';
import type { CreditNoteLine } from '#lib/db/schema.ts';
import { formatPhone } from '#lib/phone.ts';
import { amountInWords, type InvoiceLine } from '../rules.ts';
import type { CreditNoteData } from './credit-notes.ts';
import type { InvoiceData } from './invoice.ts';

const MARGIN = 36;
const rs = (paise: number) =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pct = (n: number) => `${Number(n.toFixed(2))}%`;
const day = (d: Date) =>
  d.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' });

interface Column<L = InvoiceLine> {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  cell: (l: L, i: number) => string;
}

/** Draws a document with `drawing` on a new A4 PDF titled `title`; resolves with its bytes. */
function renderPdf(title: string, author: string, drawing: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: author } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawing(doc);
  doc.end();
  return done;
}

/** Renders `invoice`; resolves with the PDF bytes. */
export function renderInvoicePdf(invoice: InvoiceData): Promise<Buffer> {
  return renderPdf(`Tax invoice ${invoice.number}`, invoice.supplier.name, (doc) => draw(doc, invoice));
}

/** What each reason reads as on a credit note. */
const REASON_TEXT: Record<CreditNoteData['reason'], string> = {
  packing: 'Packing adjustment (picked lighter or substituted)',
  hand_back: 'Handed back at delivery',
  return: 'Goods returned',
  refund: 'Refund after delivery',
  cancellation: 'Order cancelled after the invoice',
  price_correction: 'Price correction',
};

/**
 * Renders credit note `note` (CGST Rule 53): the supplier and recipient as on the invoice, the
 * original invoice's number and date, the reason, the lines with taxable value and tax at their
 * rate, totals and the amount in words. Resolves with the PDF bytes.
 */
export function renderCreditNotePdf(note: CreditNoteData): Promise<Buffer> {
  return renderPdf(`Credit note ${note.number}`, note.supplier.name, (doc) => {
    const width = doc.page.width - 2 * MARGIN;
    doc.font('Helvetica-Bold').fontSize(14).text('CREDIT NOTE', { align: 'center' });
    doc.font('Helvetica').fontSize(8).text('Issued under section 34 of the CGST Act', { align: 'center' });
    doc.moveDown(0.8);
    const facts: [string, string][] = [
      ['Credit note number', note.number],
      ['Credit note date', day(note.date)],
      ['Against invoice', note.invoiceNumber],
      ['Invoice date', day(note.invoiceDate)],
      ['Order number', `#${note.orderId}`],
      ['Reason', REASON_TEXT[note.reason]],
    ];
    drawParties(doc, note, facts, width);
    const tax = note.interState ? 'IGST' : 'CGST + SGST';
    heading(doc, `Reductions (${tax}; amounts include tax)`);
    const { gst, amount } = lineColumns(note.interState);
    const columns: Column<CreditNoteLine>[] = [
      { title: '#', width: 16, cell: (_, i) => String(i + 1) },
      { title: 'Description', width: 0, cell: (l) => l.description },
      { title: 'HSN', width: 34, cell: (l) => l.hsnCode ?? '—' },
      { title: 'Qty', width: 30, align: 'right', cell: (l) => (l.qty === null ? '—' : String(Number(l.qty))) },
      { title: 'Unit', width: 38, cell: (l) => l.unit ?? '—' },
      { title: 'Taxable value', width: 52, align: 'right', cell: (l) => rs(l.taxablePaise) },
      ...gst.map((c) => ({ ...c, cell: (l: CreditNoteLine, i: number) => c.cell(asInvoiceLine(l), i) })),
      { ...amount, cell: (l) => rs(l.totalPaise) },
    ];
    table(doc, columns, note.lines, width);
    const rows: [string, string][] = [['Total taxable value', rs(note.taxablePaise)]];
    if (note.interState) rows.push(['Total IGST', rs(note.igstPaise)]);
    else rows.push(['Total CGST', rs(note.cgstPaise)], ['Total SGST', rs(note.sgstPaise)]);
    drawTotalsBlock(doc, rows, 'Credit note total', note.totalPaise, width);
    if (note.note) doc.font('Helvetica').text(`Note: ${note.note}`, MARGIN, doc.y + 4, { width });
    doc.moveDown(1.2);
    doc.font('Helvetica').fontSize(8).fillColor('#444444');
    doc.text('This credit note reduces the invoice named above. This is a computer-generated credit note.', {
      width,
    });
    doc
      .fillColor('black')
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(`For ${note.supplier.name}: authorised signatory`, MARGIN, doc.y + 12, { width, align: 'right' });
  });
}

/** A credit note line in the invoice line's shape, for the shared GST columns. */
function asInvoiceLine(l: CreditNoteLine): InvoiceLine {
  return {
    description: l.description,
    hsn: l.hsnCode,
    qty: l.qty ?? 0,
    unit: l.unit ?? '',
    unitPricePaise: 0,
    totalPaise: l.totalPaise,
    taxPercent: l.taxPercent,
    discountPaise: 0,
    taxablePaise: l.taxablePaise,
    cgstPaise: l.cgstPaise,
    sgstPaise: l.sgstPaise,
    igstPaise: l.igstPaise,
    netPaise: l.totalPaise,
  };
}

/** The supplier and `facts` side by side, then the recipient and the place of supply. */
function drawParties(
  doc: PDFKit.PDFDocument,
  inv: Pick<InvoiceData, 'supplier' | 'recipient' | 'placeOfSupply'>,
  facts: [string, string][],
  width: number,
): void {
  const top = doc.y;
  const half = width / 2 - 8;
  doc.font('Helvetica-Bold').fontSize(11).text(inv.supplier.name, MARGIN, top, { width: half });
  doc.font('Helvetica').fontSize(9);
  doc.text(inv.supplier.address, { width: half });
  doc.text(`GSTIN: ${inv.supplier.gstin}`, { width: half });
  doc.text(`State: ${inv.supplier.state.name} (code ${inv.supplier.state.code})`, { width: half });
  doc.text(`${inv.supplier.phone} · ${inv.supplier.email}`, { width: half });
  const leftEnd = doc.y;
  let y = top;
  for (const [k, v] of facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${k}:`, MARGIN + half + 16, y, { width: 90 });
    doc.font('Helvetica-Bold').text(v, MARGIN + half + 106, y, { width: half - 90 });
    y = doc.y + 1;
  }
  doc.y = Math.max(leftEnd, y) + 8;
  drawRecipient(doc, inv, width);
}

function draw(doc: PDFKit.PDFDocument, inv: InvoiceData): void {
  const width = doc.page.width - 2 * MARGIN;
  drawTitle(doc, inv);
  drawSupplierAndFacts(doc, inv, width);
  drawRecipient(doc, inv, width);
  const taxed = [...inv.taxable, ...(inv.delivery ? [inv.delivery] : [])];
  drawLineTables(doc, inv, taxed, width);
  drawTotals(doc, inv, taxed, width);
  drawFooter(doc, inv, width);
}

function drawTitle(doc: PDFKit.PDFDocument, inv: InvoiceData): void {
  doc.font('Helvetica-Bold').fontSize(14).text('TAX INVOICE CUM BILL OF SUPPLY', { align: 'center' });
  doc.font('Helvetica').fontSize(8).text('Original for recipient', { align: 'center' });
  if (inv.cancelled)
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#b00020')
      .text('This order was cancelled after this invoice was issued.', { align: 'center' })
      .fillColor('black');
  doc.moveDown(0.8);
}

/** The supplier on the left, the invoice's facts (number, dates, payment, slot) on the right. */
function drawSupplierAndFacts(doc: PDFKit.PDFDocument, inv: InvoiceData, width: number): void {
  const top = doc.y;
  const half = width / 2 - 8;
  doc.font('Helvetica-Bold').fontSize(11).text(inv.supplier.name, MARGIN, top, { width: half });
  doc.font('Helvetica').fontSize(9);
  doc.text(inv.supplier.address, { width: half });
  doc.text(`GSTIN: ${inv.supplier.gstin}`, { width: half });
  doc.text(`State: ${inv.supplier.state.name} (code ${inv.supplier.state.code})`, { width: half });
  doc.text(`${inv.supplier.phone} · ${inv.supplier.email}`, { width: half });
  const leftEnd = doc.y;
  const facts: [string, string][] = [
    ['Invoice number', inv.number],
    ['Invoice date', day(inv.date)],
    ['Order number', `#${inv.orderId}`],
    ['Order date', day(inv.orderDate)],
    ['Payment', `${inv.paymentMode} (${inv.paymentStatus})`],
    ['Reverse charge', 'No'],
  ];
  // The delivery slot (InvoiceData.deliverySlot), when the order has one.
  if (inv.deliverySlot) facts.push(['Delivery slot', inv.deliverySlot]);
  let y = top;
  for (const [k, v] of facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${k}:`, MARGIN + half + 16, y, { width: 90 });
    doc.font('Helvetica-Bold').text(v, MARGIN + half + 106, y, { width: half - 90 });
    y = doc.y + 1;
  }
  doc.y = Math.max(leftEnd, y) + 8;
}

/** The recipient on the left, the place of supply on the right. */
function drawRecipient(
  doc: PDFKit.PDFDocument,
  inv: Pick<InvoiceData, 'recipient' | 'placeOfSupply'>,
  width: number,
): void {
  const half = width / 2 - 8;
  const block = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).text('Billed and delivered to', MARGIN, block, { width: half });
  doc.font('Helvetica').text(inv.recipient.name, { width: half });
  for (const line of inv.recipient.address) doc.text(line, { width: half });
  if (inv.recipient.phone) doc.text(`Phone: ${formatPhone(inv.recipient.phone)}`, { width: half });
  const recEnd = doc.y;
  doc.font('Helvetica-Bold').text('Place of supply', MARGIN + half + 16, block, { width: half });
  doc.font('Helvetica').text(`${inv.placeOfSupply.name} (${inv.placeOfSupply.code})`, { width: half });
  doc.y = Math.max(recEnd, doc.y) + 10;
}

/** The line tables' columns: the goods' own, the GST ones (IGST, or CGST and SGST), and the amount. */
function lineColumns(interState: boolean): { base: Column[]; gst: Column[]; amount: Column } {
  const base: Column[] = [
    { title: '#', width: 16, cell: (_, i) => String(i + 1) },
    { title: 'Description', width: 0, cell: (l) => l.description },
    { title: 'HSN', width: 34, cell: (l) => l.hsn ?? '—' },
    { title: 'Qty', width: 24, align: 'right', cell: (l) => String(l.qty) },
    { title: 'Unit', width: 38, cell: (l) => l.unit },
    { title: 'Unit price', width: 44, align: 'right', cell: (l) => rs(l.unitPricePaise) },
    { title: 'Discount', width: 40, align: 'right', cell: (l) => rs(l.discountPaise) },
    { title: 'Taxable value', width: 48, align: 'right', cell: (l) => rs(l.taxablePaise) },
  ];
  const gst: Column[] = interState
    ? [
        { title: 'IGST %', width: 30, align: 'right', cell: (l) => pct(l.taxPercent) },
        { title: 'IGST', width: 40, align: 'right', cell: (l) => rs(l.igstPaise) },
      ]
    : [
        { title: 'CGST %', width: 30, align: 'right', cell: (l) => pct(l.taxPercent / 2) },
        { title: 'CGST', width: 38, align: 'right', cell: (l) => rs(l.cgstPaise) },
        { title: 'SGST %', width: 30, align: 'right', cell: (l) => pct(l.taxPercent / 2) },
        { title: 'SGST', width: 38, align: 'right', cell: (l) => rs(l.sgstPaise) },
      ];
  const amount: Column = { title: 'Amount', width: 46, align: 'right', cell: (l) => rs(l.netPaise) };
  return { base, gst, amount };
}

/** The tax invoice part (`taxed`: goods with GST and the delivery fee), then the bill of supply part. */
function drawLineTables(doc: PDFKit.PDFDocument, inv: InvoiceData, taxed: InvoiceLine[], width: number): void {
  const tax = inv.interState ? 'IGST' : 'CGST';
  const { base, gst, amount } = lineColumns(inv.interState);
  if (taxed.length) {
    heading(
      doc,
      `Tax invoice: goods and services with GST (${tax}${inv.interState ? '' : ' + SGST'}; prices include tax)`,
    );
    table(doc, [...base, ...gst, amount], taxed, width);
  }
  if (inv.exempt.length) {
    heading(doc, 'Bill of supply: exempt and nil-rated goods (no GST charged)');
    // Same description width as the tax invoice part: the value column takes the tax columns' room.
    const room = [base[7]!, ...gst, amount].reduce((a, c) => a + c.width, 0);
    table(doc, [...base.slice(0, 7), { ...amount, title: 'Value', width: room }], inv.exempt, width);
  }
}

/** The totals block's rows (label, amount), before the invoice total. */
function totalRows(inv: InvoiceData, taxed: InvoiceLine[]): [string, string][] {
  const sum = (ls: InvoiceLine[], k: keyof InvoiceLine) => ls.reduce((a, l) => a + (l[k] as number), 0);
  const rows: [string, string][] = [['Goods total (prices include GST)', rs(inv.subtotalPaise)]];
  if (inv.discountPaise)
    rows.push([`Promo discount${inv.promoCode ? ` (${inv.promoCode})` : ''}`, `- ${rs(inv.discountPaise)}`]);
  if (inv.pointsRedeemed) rows.push([`Points redeemed (${inv.pointsRedeemed})`, `- ${rs(inv.pointsRedeemed * 100)}`]);
  rows.push(['Delivery fee (incl. GST)', inv.deliveryFeePaise ? rs(inv.deliveryFeePaise) : 'Free']);
  rows.push(['Total taxable value', rs(sum(taxed, 'taxablePaise'))]);
  if (inv.interState) rows.push(['Total IGST', rs(sum(taxed, 'igstPaise'))]);
  else rows.push(['Total CGST', rs(sum(taxed, 'cgstPaise'))], ['Total SGST', rs(sum(taxed, 'sgstPaise'))]);
  rows.push(['Total value of exempt goods', rs(sum(inv.exempt, 'netPaise'))]);
  return rows;
}

/** The invoice's totals block (`drawTotalsBlock`) with the invoice total. */
function drawTotals(doc: PDFKit.PDFDocument, inv: InvoiceData, taxed: InvoiceLine[], width: number): void {
  drawTotalsBlock(doc, totalRows(inv, taxed), 'Invoice total', inv.totalPaise, width);
}

/**
 * A totals block, right-aligned: `rows` (label, amount), then `label` with `totalPaise` (paise) in
 * bold and the amount in words. Shared by the invoice and the credit note.
 */
function drawTotalsBlock(
  doc: PDFKit.PDFDocument,
  rows: [string, string][],
  label: string,
  totalPaise: number,
  width: number,
): void {
  doc.moveDown(0.6);
  ensureRoom(doc, rows.length * 13 + 60);
  for (const [k, v] of rows) {
    const ry = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(k, MARGIN + width - 300, ry, { width: 210, align: 'right' });
    doc.text(v, MARGIN + width - 85, ry, { width: 85, align: 'right' });
  }
  const ty = doc.y + 3;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(label, MARGIN + width - 300, ty, { width: 210, align: 'right' });
  doc.text(`Rs. ${rs(totalPaise)}`, MARGIN + width - 85, ty, { width: 85, align: 'right' });
  doc.moveDown(0.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(`Amount in words: ${amountInWords(totalPaise)}`, MARGIN, doc.y, { width });
}

function drawFooter(doc: PDFKit.PDFDocument, inv: InvoiceData, width: number): void {
  doc.moveDown(1.2);
  doc.font('Helvetica').fontSize(8).fillColor('#444444');
  doc.text(
    'Prices include GST. Exempt goods are supplied under a bill of supply (CGST Rule 49). Goods are delivered within the state of supply.',
    { width },
  );
  doc.text('This is a computer-generated invoice.', { width });
  doc
    .fillColor('black')
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(`For ${inv.supplier.name}: authorised signatory`, MARGIN, doc.y + 12, { width, align: 'right' });
}

function heading(doc: PDFKit.PDFDocument, title: string): void {
  ensureRoom(doc, 60);
  doc.y += 10;
  doc.font('Helvetica-Bold').fontSize(10).text(title, MARGIN);
  doc.moveDown(0.2);
}

/** Starts a new page when `height` points do not fit; true when it did. */
function ensureRoom(doc: PDFKit.PDFDocument, height: number): boolean {
  if (doc.y + height <= doc.page.height - MARGIN) return false;
  doc.addPage();
  return true;
}

function table<L>(doc: PDFKit.PDFDocument, columns: Column<L>[], lines: L[], width: number): void {
  const fixed = columns.reduce((a, c) => a + c.width, 0);
  const cols = columns.map((c) => ({ ...c, width: c.width || width - fixed }));
  const header = cols.map((c) => c.title);
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    const h = Math.max(...cells.map((t, i) => doc.heightOfString(t, { width: cols[i]!.width - 4 }))) + 4;
    // A table that runs onto a new page repeats its header row there.
    if (ensureRoom(doc, h + 2) && !bold) {
      row(header, true);
      doc.font('Helvetica').fontSize(7.5);
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((t, i) => {
      doc.text(t, x + 2, y + 2, { width: cols[i]!.width - 4, align: cols[i]!.align ?? 'left' });
      x += cols[i]!.width;
    });
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + width, y + h)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + h;
  };
  row(header, true);
  for (const [i, l] of lines.entries()) {
    row(
      cols.map((c) => c.cell(l, i)),
      false,
    );
  }
}
