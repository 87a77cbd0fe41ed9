/**
 * A product's declarations, the rule that keeps a packaged product without them off sale, and the
 * texts the product page shows them with (ADR 0138). Browser-safe: the product form checks with
 * these before sending and the server checks again.
 *
 * An online listing of a packaged product carries the manufacturer (and the packer and importer
 * when others) with address, the country of origin, the common name, the net quantity, the MRP
 * "inclusive of all taxes", the unit sale price and the consumer-care details (Legal Metrology
 * (Packaged Commodities) Rules 2011, rule 6(10)); a packaged food also carries the brand's FSSAI
 * licence number, its veg or non-veg mark and its shelf life (FSSAI Labelling and Display
 * Regulations 2020). Loose produce, weighed at packing, is exempt.
 */

/** The food mark: veg (green square with a dot), non-veg (brown triangle), or not a food. */
export const FOOD_MARKS = ['veg', 'non_veg', 'not_food'] as const;
export type FoodMark = (typeof FOOD_MARKS)[number];

/** How the product form and the CSV name each mark. */
export const FOOD_MARK_LABELS: Record<FoodMark, string> = {
  veg: 'Veg',
  non_veg: 'Non-veg',
  not_food: 'Not a food',
};

/** An FSSAI licence or registration number: 14 digits. */
export const FSSAI_PATTERN = /^\d{14}$/;

/**
 * An FSSAI licence number as typed or copied from a pack ("113 190 130 00214", "11319-013-000214"),
 * with its spaces and hyphens removed, so the 14 digits are checked and stored.
 */
export const normaliseFssai = (value: string) => value.replace(/[\s-]/g, '');

/** A product's declarations as the server and pages read them (null while not given). */
export interface ProductDeclarations {
  manufacturer: string | null;
  packer: string | null;
  importer: string | null;
  countryOfOrigin: string | null;
  shelfLife: string | null;
  consumerCare: string | null;
  fssaiLicence: string | null;
  foodMark: FoodMark | null;
  /** Loose produce, weighed or counted at packing: no packaged declarations needed. */
  soldLoose: boolean;
}

/** The declaration fields by their API and CSV names (snake case), in the form's and the file's order. */
export const DECLARATION_FIELD_NAMES = [
  'sold_loose',
  'manufacturer',
  'packer',
  'importer',
  'country_of_origin',
  'shelf_life',
  'consumer_care',
  'fssai_licence',
  'food_mark',
] as const;

/** A product's declarations as the rule reads them (API field names). */
export interface DeclarationFields {
  manufacturer: string | null;
  packer: string | null;
  importer: string | null;
  country_of_origin: string | null;
  shelf_life: string | null;
  consumer_care: string | null;
  fssai_licence: string | null;
  food_mark: FoodMark | null;
  sold_loose: boolean;
  /** The net quantity is the pack size and its unit. */
  weight: number | null;
  weight_unit: string | null;
}

/** Each declaration's name in messages and in the back office's list of gaps. */
export const DECLARATION_NAMES = {
  manufacturer: "manufacturer's name and address",
  importer: "importer's name and address",
  country_of_origin: 'country of origin',
  weight: 'net quantity (pack size and unit)',
  food_mark: 'food mark (veg, non-veg or not a food)',
  fssai_licence: 'FSSAI licence number',
  shelf_life: 'shelf life',
} as const;
export type DeclarationGap = keyof typeof DECLARATION_NAMES;
/** Every declaration the rule may find missing. */
export const DECLARATION_GAPS = Object.keys(DECLARATION_NAMES) as [DeclarationGap, ...DeclarationGap[]];

/** What a field with a missing declaration says. */
const MISSING: Record<DeclarationGap, string> = {
  manufacturer: "Enter the manufacturer's name and address",
  importer: "Enter the importer's name and address (made outside India)",
  country_of_origin: 'Enter the country of origin',
  weight: 'Enter the pack size and unit (the net quantity)',
  food_mark: 'Choose veg, non-veg or not a food',
  fssai_licence: "Enter the brand's FSSAI licence number",
  shelf_life: 'Enter the shelf life',
};

export const DECLARATION_MESSAGES = {
  fssai: 'The FSSAI licence number must be 14 digits.',
  /** A required declaration missing: the field's message. */
  missing: (gap: DeclarationGap) => `${MISSING[gap]}: a packaged product needs it to go on sale.`,
  /** An uploaded row written off sale for want of declarations: added (new) or left off sale. */
  heldOffSale: (gaps: DeclarationGap[], added: boolean) =>
    `${added ? 'Added' : 'Left'} off sale: missing ${gaps.map((g) => DECLARATION_NAMES[g]).join(', ')}.`,
  /** The whole answer's message, naming every missing declaration. */
  refused: (gaps: DeclarationGap[]) =>
    `A packaged product goes on sale with its declarations. Missing: ${gaps.map((g) => DECLARATION_NAMES[g]).join(', ')}.`,
} as const;

const blank = (v: string | null | undefined) => !v?.trim();

/** Whether a country of origin is India (an importer is then not asked for). */
export const fromIndia = (country: string | null | undefined) => /^\s*(india|bharat|in|ind)\s*$/i.test(country ?? '');

/**
 * The required declarations a packaged product lacks, in the form's order ([] for loose
 * produce): manufacturer, country of origin, importer (when made outside India), net quantity,
 * food mark, and for a food the FSSAI licence and shelf life. Packer and consumer care are
 * optional (the page falls back to the shop's care contact).
 */
export function declarationGaps(d: DeclarationFields): DeclarationGap[] {
  if (d.sold_loose) return [];
  const gaps: DeclarationGap[] = [];
  if (blank(d.manufacturer)) gaps.push('manufacturer');
  if (blank(d.country_of_origin)) gaps.push('country_of_origin');
  else if (!fromIndia(d.country_of_origin) && blank(d.importer)) gaps.push('importer');
  if (d.weight === null || !(d.weight > 0) || blank(d.weight_unit)) gaps.push('weight');
  if (d.food_mark === null) gaps.push('food_mark');
  if (d.food_mark === 'veg' || d.food_mark === 'non_veg') {
    if (blank(d.fssai_licence)) gaps.push('fssai_licence');
    if (blank(d.shelf_life)) gaps.push('shelf_life');
  }
  return gaps;
}

/**
 * The publishing rule of the back office's form and upload: the declarations a product would go
 * on sale without. A product off sale, or loose, needs none. A product already on sale with gaps
 * stays on sale and may be edited, but an edit may not open a new gap; one going on sale
 * (added, switched on) needs them all. `before` is the product as stored (null when new).
 */
export function publishGaps(
  before: (DeclarationFields & { is_active: boolean }) | null,
  after: DeclarationFields & { is_active: boolean },
): DeclarationGap[] {
  if (!after.is_active) return [];
  const gaps = declarationGaps(after);
  if (!before?.is_active) return gaps;
  const had = new Set(declarationGaps(before));
  return gaps.filter((g) => !had.has(g));
}

/** The field messages of a refusal, keyed by API field. */
export function gapErrors(gaps: DeclarationGap[]): Record<string, string> {
  return Object.fromEntries(gaps.map((g) => [g, DECLARATION_MESSAGES.missing(g)]));
}
