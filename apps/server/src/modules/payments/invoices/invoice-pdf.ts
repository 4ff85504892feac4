import PDFDocument from 'pdfkit';
import { EMPTY_VALUE, formatDate, formatDateTime, formatMoney, formatNumber, timesIn } from '@merchant/core';
import { PUBLIC_INVOICE_STATUSES, invoiceCustomerStatus, type Invoice, type LogoExtension } from '@merchant/payments';
import { isEmbeddablePng } from './logo-check';

/** What the PDF shows of the business: its name, brand colour and logo (PNG or JPEG; a WebP logo is left out). */
export interface InvoicePdfBusiness {
  name: string;
  /** The seller's address as printed lines (business details), none when not given. */
  address: string[];
  /** The seller's tax registration number (business details), or null. */
  taxNumber: string | null;
  /** `#rrggbb`. */
  brandColor: string;
  logo: { bytes: Buffer; type: LogoExtension } | null;
  /** Its time zone: the PDF's times are on its clock, and say so. */
  timeZone: string;
}

export interface InvoicePdfOptions {
  /** Deflate the page contents (the default); tests may read them uncompressed. */
  compress?: boolean;
  /** Payments run on the test processor: a Test mode band under the header, and the mark in every page's footer. */
  testMode?: boolean;
}

/** What a test-mode PDF says under its header. */
export const TEST_MODE_PDF_LINE = 'TEST MODE: this invoice was issued in test mode. No real money moves.';

const RENDER_TIMEOUT_MS = 10_000;
const MARGIN = 48;
const INK = '#1f2328';
const MUTED = '#59636e';
const RULE = '#d0d7de';
const BODY = 9.5;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return luminance > 0.4 ? '#000000' : '#ffffff';
}

/** Characters of Windows-1252 above Latin-1's range: with Latin-1 itself, what the standard PDF fonts can draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = { '\u2212': '-', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l' };
const drawable = (c: string) => c === '\n' || c === '\t' || (c >= ' ' && c <= '~') || (c >= '\u00a0' && c <= '\u00ff') || WIN_ANSI_EXTRA.has(c);

/**
 * Text as the standard fonts can draw it (they cover Windows-1252 only; any other character would come out as
 * unrelated letters): accented letters outside it lose their accents (Nguyễn -> Nguyen, Łódź -> Lódz) and
 * anything else (Chinese, emoji) becomes "?".
 */
export function drawableText(text: string): string {
  let out = '';
  for (const c of text) {
    if (drawable(c)) {
      out += c;
      continue;
    }
    const base = LETTERS_WITHOUT_DECOMPOSITION[c] ?? c.normalize('NFKD').replace(/\p{M}/gu, '');
    out += base && [...base].every(drawable) ? base : '?';
  }
  return out;
}

const safeColor = (hex: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? hex : '#1c7ed6');

/**
 * The invoice as a PDF, in the order of the public invoice page: the header (logo, business, the number and
 * status), the parties and dates, the lines, the totals, then notes and terms. Every amount is formatted from
 * integer minor units by `formatMoney`, dates and times by the core formatters in the business's zone, as on the screens.
 */
export function renderInvoicePdf(invoice: Invoice, business: InvoicePdfBusiness, options: InvoicePdfOptions = {}): Promise<Buffer> {
  const brand = safeColor(business.brandColor);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: `Invoice ${invoice.number}`, Author: business.name, Subject: `Invoice ${invoice.number} from ${business.name}`, Creator: business.name },
    lang: 'en',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  // A document that never ends (an image pdfkit decodes in the background failing there) must not hold its
  // caller, which may be a transaction, for ever.
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<Buffer>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The PDF of ${invoice.number} was not finished within ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  }).finally(() => clearTimeout(timer));

  // The standard fonts have no true minus: a negative amount is drawn with a hyphen, still before the code.
  const money = (amount: number) => drawableText(formatMoney(amount, invoice.currency));
  const name = drawableText(business.name);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const right = left + width;
  const bottom = () => doc.page.height - MARGIN - 24;

  // Header: a band of the brand colour, the logo and business name on the left, the number and status on the right.
  doc.rect(0, 0, doc.page.width, 6).fill(brand);
  let y = MARGIN;
  const logoHeight = drawLogo(doc, business.logo, left, y);
  const nameTop = y + (logoHeight ? logoHeight + 8 : 0);
  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor(INK)
    .text(name, left, nameTop, { width: width * 0.55 });
  const headerLeftBottom = doc.y;
  doc.font(BOLD).fontSize(22).fillColor(brand).text('INVOICE', left, y, { width, align: 'right' });
  doc
    .font(BOLD)
    .fontSize(12)
    .fillColor(INK)
    .text(invoice.number, left, doc.y + 2, { width, align: 'right' });
  // The customer's words, as the invoice page says them ("Due 12 Dec 2026", "Paid"), not the dashboard's status.
  const status = invoiceCustomerStatus(invoice);
  doc.font(BOLD).fontSize(8);
  const pillWidth = doc.widthOfString(status) + 14;
  const pillTop = doc.y + 6;
  doc.roundedRect(right - pillWidth, pillTop, pillWidth, 16, 8).fill(invoice.status === 'void' ? MUTED : brand);
  doc.fillColor(invoice.status === 'void' ? '#ffffff' : textOn(brand)).text(status, right - pillWidth, pillTop + 4.5, { width: pillWidth, align: 'center' });
  y = Math.max(headerLeftBottom, pillTop + 16) + 20;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  y += 14;

  if (options.testMode) {
    doc.roundedRect(left, y, width, 22, 4).fill('#fff3bf');
    doc
      .font(BOLD)
      .fontSize(BODY)
      .fillColor('#5c3c00')
      .text(TEST_MODE_PDF_LINE, left + 10, y + 6.5, { width: width - 20 });
    y += 36;
  }

  // Parties and dates.
  const column = width / 3;
  const party = (x: number, label: string, lines: string[]) => {
    doc
      .font(BOLD)
      .fontSize(8)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x, y, { width: column - 12, characterSpacing: 0.5 });
    doc.font(FONT).fontSize(BODY).fillColor(INK);
    for (const line of lines) doc.text(line, x, doc.y + 2, { width: column - 12 });
    return doc.y;
  };
  const customer = [invoice.customer.name, invoice.customer.email].filter((v): v is string => Boolean(v)).map(drawableText);
  const partiesBottom = Math.max(
    party(left, 'From', [name, ...business.address.map(drawableText), ...(business.taxNumber ? [drawableText(`Tax number ${business.taxNumber}`)] : [])]),
    party(left + column, 'Bill to', customer.length ? customer : [EMPTY_VALUE]),
    party(left + 2 * column, 'Dates', [
      `Issued ${formatDate(invoice.issue_date)}`,
      `Due ${formatDate(invoice.due_date)}`,
      `Created ${formatDateTime(invoice.created_at, business.timeZone, { zone: false })}`,
      timesIn(business.timeZone, new Date(invoice.created_at)),
    ]),
  );
  y = partiesBottom + 22;

  // The lines: description, quantity, unit price, discount, line total. The header row repeats on a new page.
  const cols = [
    { label: 'Description', width: width - 60 - 95 - 60 - 100, align: 'left' as const },
    { label: 'Qty', width: 60, align: 'right' as const },
    { label: 'Unit price', width: 95, align: 'right' as const },
    { label: 'Discount', width: 60, align: 'right' as const },
    { label: 'Amount', width: 100, align: 'right' as const },
  ];
  const cells = (values: string[], top: number, font: string, color: string) => {
    let x = left;
    doc.font(font).fontSize(BODY).fillColor(color);
    values.forEach((value, i) => {
      const col = cols[i]!;
      doc.text(value, x + 6, top, { width: col.width - 12, align: col.align });
      x += col.width;
    });
  };
  const tableHeader = () => {
    doc.rect(left, y, width, 20).fill(brand);
    cells(
      cols.map((c) => c.label),
      y + 6,
      BOLD,
      textOn(brand),
    );
    y += 20;
  };
  tableHeader();
  for (const line of invoice.lines) {
    const values = [
      drawableText(line.description),
      formatNumber(line.quantity, 3),
      money(line.unit_price),
      line.discount_bps ? `${formatNumber(line.discount_bps / 100, 2)} %` : '—',
      money(line.net),
    ];
    doc.font(FONT).fontSize(BODY);
    const height = Math.max(...values.map((v, i) => doc.heightOfString(v, { width: cols[i]!.width - 12 }))) + 12;
    if (y + height > bottom()) {
      doc.addPage();
      y = MARGIN;
      tableHeader();
    }
    cells(values, y + 6, FONT, INK);
    y += height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  y += 12;

  // Totals, right-aligned under the amounts.
  const totals: { label: string; value: string; strong?: boolean }[] = [
    { label: 'Subtotal', value: money(invoice.subtotal) },
    ...invoice.taxes.map((t) => ({ label: `${drawableText(t.name)} (${formatNumber(t.rate_bps / 100, 2)} %)`, value: money(t.amount) })),
    { label: 'Total', value: money(invoice.total), strong: true },
    { label: 'Amount paid', value: money(invoice.amount_paid) },
    { label: 'Amount due', value: money(invoice.amount_due), strong: true },
  ];
  const labelX = left + width - 300;
  for (const row of totals) {
    if (y + 18 > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    if (row.label === 'Amount due') {
      doc.rect(labelX, y - 3, 300, 20).fill('#f3f4f6');
    }
    doc
      .font(row.strong ? BOLD : FONT)
      .fontSize(row.strong ? 11 : BODY)
      .fillColor(INK);
    doc.text(row.label, labelX + 6, y + 1, { width: 160 });
    doc.text(row.value, labelX + 160, y + 1, { width: 134, align: 'right' });
    y += row.strong ? 20 : 16;
  }
  y += 10;

  // Where the customer pays or reads it online, while it is out.
  if (PUBLIC_INVOICE_STATUSES.includes(invoice.status)) {
    doc.font(FONT).fontSize(BODY).fillColor(MUTED).text('View and pay this invoice online:', left, y, { width });
    doc.fillColor(brand).text(invoice.url, { width, link: invoice.url, underline: true });
    y = doc.y + 12;
  }

  // Notes and terms flow onto further pages when long.
  for (const [label, body] of [
    ['Notes', invoice.notes],
    ['Terms', invoice.terms],
  ] as const) {
    if (!body) continue;
    if (y + 40 > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font(BOLD).fontSize(8).fillColor(MUTED).text(label.toUpperCase(), left, y, { width, characterSpacing: 0.5 });
    doc
      .font(FONT)
      .fontSize(BODY)
      .fillColor(INK)
      .text(drawableText(body), left, doc.y + 3, { width });
    y = doc.y + 14;
  }

  // A footer on every page (written inside the bottom margin, which must not start yet another page).
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margins = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${options.testMode ? 'TEST MODE · ' : ''}${name} · ${invoice.number} · Page ${i + 1} of ${range.count}`, left, doc.page.height - MARGIN + 8, {
        width,
        align: 'center',
      });
    doc.page.margins.bottom = margins;
  }
  doc.end();
  return done;
}

/** Draws the logo fitted in 160 x 48 points; answers the height it takes, 0 when there is none or it cannot be read. */
function drawLogo(doc: PDFKit.PDFDocument, logo: InvoicePdfBusiness['logo'], x: number, y: number): number {
  if (!logo || logo.type === 'webp' || (logo.type === 'png' && !isEmbeddablePng(logo.bytes))) return 0;
  try {
    doc.image(logo.bytes, x, y, { fit: [160, 48], valign: 'center' });
    return 48;
  } catch {
    // A logo pdfkit cannot read (a damaged JPEG) is left out rather than failing the invoice.
    return 0;
  }
}
