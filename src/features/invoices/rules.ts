/**
 * Pure rules of the GST tax invoice cum bill of supply (CGST Rules 46 and 49): the
 * financial year of a date (April–March in Asia/Kolkata), the invoice number,
 * an amount in words in the Indian numbering system, the place of supply from a postal code,
 * and each line's taxable value and tax. Money is integer paise throughout.
 */

/** GST state codes and names (the first two digits of a GSTIN). */
export const GST_STATES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** Postal code prefixes → GST state code (longest prefix wins); the first digits of Indian PIN codes. */
const PIN_PREFIX_STATE: [string, string][] = [
  ['6825', '31'],
  ['605', '34'],
  ['67', '32'],
  ['68', '32'],
  ['69', '32'],
  ['60', '33'],
  ['61', '33'],
  ['62', '33'],
  ['63', '33'],
  ['64', '33'],
  ['56', '29'],
  ['57', '29'],
  ['58', '29'],
  ['59', '29'],
  ['50', '36'],
  ['51', '37'],
  ['52', '37'],
  ['53', '37'],
  ['403', '30'],
  ['40', '27'],
  ['41', '27'],
  ['42', '27'],
  ['43', '27'],
  ['44', '27'],
  ['11', '07'],
  ['36', '24'],
  ['37', '24'],
  ['38', '24'],
  ['39', '24'],
  ['70', '19'],
  ['71', '19'],
  ['72', '19'],
  ['73', '19'],
  ['74', '19'],
  ['75', '21'],
  ['76', '21'],
  ['77', '21'],
];

/** A place of supply: GST state code and name, e.g. { code: '32', name: 'Kerala' }. */
export interface PlaceOfSupply {
  code: string;
  name: string;
}

/**
 * The place of supply of goods delivered to `postalCode` (the state of delivery, IGST Act §10(1)(a));
 * the shop's own state when the code is not recognised (every delivery area is in it).
 */
export function placeOfSupply(postalCode: string | null | undefined, shopStateCode: string): PlaceOfSupply {
  const pin = (postalCode ?? '').replace(/\s/g, '');
  const match = /^\d{6}$/.test(pin)
    ? PIN_PREFIX_STATE.filter(([p]) => pin.startsWith(p)).sort((a, b) => b[0].length - a[0].length)[0]
    : undefined;
  const code = match?.[1] ?? shopStateCode;
  return { code, name: GST_STATES[code] ?? code };
}

/**
 * The financial year (April–March, Asia/Kolkata) of `at`, e.g. 2026-11-25 → "2026-27",
 * 2027-03-31T20:00Z (1 April in India) → "2027-28".
 */
export function financialYear(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(at);
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * An invoice number, e.g. ("FF", "2026-27", 123) → "FF/26-27/000123": at most 16 characters
 * (CGST Rule 46(b)) with a prefix of up to 3 and up to 999,999 invoices a year.
 */
export function formatInvoiceNumber(prefix: string, fy: string, n: number): string {
  return `${prefix}/${fy.slice(2)}/${String(n).padStart(6, '0')}`;
}

/**
 * A credit note number in its own series (CGST Rule 53(1A)(b)), e.g. ("FF", "2026-27", 12) →
 * "FFC/26-27/000012": the invoice prefix and "C", at most 16 characters with a prefix of up to 2
 * (17 with 3, which the prefix's 5-digit form keeps at 16: "ABCC/26-27/00012").
 */
export function formatCreditNoteNumber(prefix: string, fy: string, n: number): string {
  const digits = prefix.length > 2 ? 5 : 6;
  return `${prefix}C/${fy.slice(2)}/${String(n).padStart(digits, '0')}`;
}

/** What each credit note reason reads as on the order pages. */
export const CREDIT_NOTE_REASON_TEXT = {
  packing: 'Packing adjustment',
  hand_back: 'Handed back at delivery',
  return: 'Return',
  refund: 'Refund',
  cancellation: 'Cancellation',
  price_correction: 'Price correction',
} as const;

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
}

/**
 * A whole number in words with the Indian groups (crore, lakh, thousand, hundred), e.g. 1234567 →
 * "Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven".
 */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const words: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) words.push(`${numberInWords(crore)} Crore`);
  let rest = n % 10_000_000;
  for (const [size, name] of [
    [100_000, 'Lakh'],
    [1000, 'Thousand'],
    [100, 'Hundred'],
  ] as const) {
    const part = Math.floor(rest / size);
    if (part) words.push(`${belowHundred(part)} ${name}`);
    rest %= size;
  }
  if (rest) words.push(belowHundred(rest));
  return words.join(' ');
}

/**
 * An amount in paise in words, e.g. 12345650 → "Rupees One Lakh Twenty-Three Thousand Four Hundred
 * Fifty-Six and Fifty Paise Only".
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${numberInWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
}

/** GST on the delivery fee: a service (SAC 9968, delivery of goods) at 18%, included in the fee. */
export const DELIVERY_SAC = '9968';
export const DELIVERY_GST_PERCENT = 18;

/** A line as ordered: what the invoice prints and taxes. */
export interface InvoiceLineInput {
  description: string;
  hsn: string | null;
  qty: number;
  /** e.g. "500 g", "1 kg", "pc". */
  unit: string;
  unitPricePaise: number;
  /** Tax-inclusive total of the line before order discounts. */
  totalPaise: number;
  taxPercent: number;
}

/** A line with its share of the order's discounts, taxable value and tax (all paise). */
export interface InvoiceLine extends InvoiceLineInput {
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value + tax: what the customer pays for the line. */
  netPaise: number;
}

/** Splits `amount` over `weights` in proportion, in whole paise that add up exactly (largest remainder). */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const out = exact.map(Math.floor);
  let left = amount - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/** A credit note line's tax: taxable value and CGST + SGST (IGST when `interState`) out of a tax-inclusive amount (paise). */
export function creditTax(
  totalPaise: number,
  taxPercent: number,
  interState: boolean,
): { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number } {
  const t = taxLine(
    { description: '', hsn: null, qty: 1, unit: '', unitPricePaise: totalPaise, totalPaise, taxPercent },
    0,
    interState,
  );
  return { taxablePaise: t.taxablePaise, cgstPaise: t.cgstPaise, sgstPaise: t.sgstPaise, igstPaise: t.igstPaise };
}

function taxLine(line: InvoiceLineInput, discountPaise: number, interState: boolean): InvoiceLine {
  const net = line.totalPaise - discountPaise;
  // Prices include GST: the taxable value is the net amount without it.
  const taxable = Math.round((net * 100) / (100 + line.taxPercent));
  const tax = net - taxable;
  const cgst = interState ? 0 : Math.ceil(tax / 2);
  return {
    ...line,
    discountPaise,
    taxablePaise: taxable,
    cgstPaise: cgst,
    sgstPaise: interState ? 0 : tax - cgst,
    igstPaise: interState ? tax : 0,
    netPaise: net,
  };
}

/**
 * The invoice's lines: the order's promo discount and redeemed points (shown on the invoice, so
 * they reduce the taxable value, CGST Act §15(3)(a)) spread over the goods in proportion to
 * their totals, then each line's taxable value and CGST + SGST (IGST when `interState`) out of
 * its tax-inclusive amount; the delivery fee as a service line at DELIVERY_GST_PERCENT.
 * The lines' `netPaise` add up to what the customer paid.
 */
export function invoiceLines(
  goods: InvoiceLineInput[],
  reductions: { discountPaise: number; pointsPaise: number; deliveryFeePaise: number },
  interState = false,
): { goods: InvoiceLine[]; delivery: InvoiceLine | null } {
  const subtotal = goods.reduce((a, l) => a + l.totalPaise, 0);
  const shares = allocate(
    Math.min(subtotal, reductions.discountPaise + reductions.pointsPaise),
    goods.map((l) => l.totalPaise),
  );
  const lines = goods.map((l, i) => taxLine(l, shares[i]!, interState));
  const fee = reductions.deliveryFeePaise;
  const delivery =
    fee > 0
      ? taxLine(
          {
            description: 'Delivery charges',
            hsn: DELIVERY_SAC,
            qty: 1,
            unit: 'service',
            unitPricePaise: fee,
            totalPaise: fee,
            taxPercent: DELIVERY_GST_PERCENT,
          },
          0,
          interState,
        )
      : null;
  return { goods: lines, delivery };
}
