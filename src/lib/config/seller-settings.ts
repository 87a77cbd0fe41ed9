/**
 * The seller's details the shop shows on every page's footer and on the contact page: the legal
 * name, the FSSAI licence and its validity, the customer-care contacts and the grievance officer
 * (Consumer Protection (E-Commerce) Rules 2020, rule 4; FSSAI's licence display; docs/compliance.md),
 * beside SHOP_ADDRESS and SHOP_GSTIN (src/lib/config.ts spreads these into its schema).
 *
 * In demo mode (DEMO_MODE) each unset one takes the demo shop's made-up value (a Thrissur grocer,
 * `DEMO_SELLER`; src/lib/config.ts fills them in); outside it an unset one stays unset, and the
 * footer and the contact page leave its line out rather than show a made-up licence or officer.
 * Which of them the environment leaves unset is kept (`unsetSellerSettings`): outside demo mode
 * the server warns at start and the back office shows a setup notice until each is set
 * (src/lib/seller.ts).
 */
import { z } from 'zod';

/** The demo shop's seller details (made up), the defaults in demo mode only. */
export const DEMO_SELLER = {
  SHOP_LEGAL_NAME: 'FarmFresh Grocers Private Limited',
  SHOP_FSSAI_LICENCE: '11326012000456',
  SHOP_FSSAI_VALID_UNTIL: '2030-03-31',
  GRIEVANCE_OFFICER_NAME: 'Anjali Menon',
  GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer',
  GRIEVANCE_OFFICER_PHONE: '+91 487 242 0011',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@farmfresh.example',
} as const;

/** A calendar date written YYYY-MM-DD that exists (2030-02-30 does not). */
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD, such as 2030-03-31')
  .refine((s) => {
    const date = new Date(`${s}T00:00:00Z`);
    return !/^\d{4}-\d{2}-\d{2}$/.test(s) || (!Number.isNaN(date.getTime()) && date.toISOString().startsWith(s));
  }, 'not a date in the calendar');

/** A phone number as people dial it: digits, spaces and hyphens, optionally after a +. */
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d][\d -]{6,18}\d$/, 'a phone number such as +91 487 242 0011');

const email = z.string().trim().email('an e-mail address such as grievance@example.in');

export const sellerSettings = {
  /** The seller's legal name (as registered: company, LLP or proprietor), shown beside SHOP_NAME. */
  SHOP_LEGAL_NAME: z.string().trim().min(1).optional(),
  /** The shop's FSSAI licence or registration number: 14 digits. */
  SHOP_FSSAI_LICENCE: z
    .string()
    .trim()
    .regex(/^\d{14}$/, 'the 14-digit FSSAI licence number, such as 11326012000456')
    .optional(),
  /** The last day the FSSAI licence is valid (YYYY-MM-DD); once passed, the back office says so. */
  SHOP_FSSAI_VALID_UNTIL: isoDate.optional(),
  /** Customer-care phone and e-mail; unset: SHOP_PHONE and SHOP_EMAIL. */
  SHOP_CARE_PHONE: phone.optional(),
  SHOP_CARE_EMAIL: email.optional(),
  /** The grievance officer customers may complain to: name, designation, phone and e-mail. */
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).optional(),
  GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().min(1).optional(),
  GRIEVANCE_OFFICER_PHONE: phone.optional(),
  GRIEVANCE_OFFICER_EMAIL: email.optional(),
};

/**
 * The seller settings a shop must set (with the alternative that also serves, if any): the
 * customer-care contacts are set when either their own setting or the shop's contact one is.
 */
const REQUIRED: readonly (readonly string[])[] = [
  ['SHOP_LEGAL_NAME'],
  ['SHOP_ADDRESS'],
  ['SHOP_GSTIN'],
  ['SHOP_FSSAI_LICENCE'],
  ['SHOP_FSSAI_VALID_UNTIL'],
  ['SHOP_CARE_PHONE', 'SHOP_PHONE'],
  ['SHOP_CARE_EMAIL', 'SHOP_EMAIL'],
  ['GRIEVANCE_OFFICER_NAME'],
  ['GRIEVANCE_OFFICER_DESIGNATION'],
  ['GRIEVANCE_OFFICER_PHONE'],
  ['GRIEVANCE_OFFICER_EMAIL'],
];

/**
 * The seller settings the environment leaves unset (an empty variable counts as unset), each
 * named by its first setting, in the order above.
 * @example unsetSellerSettings({ SHOP_PHONE: '+91 …' }) // ['SHOP_LEGAL_NAME', 'SHOP_ADDRESS', …] without SHOP_CARE_PHONE
 */
export function unsetSellerSettings(env: Readonly<Record<string, string | undefined>>): string[] {
  return REQUIRED.filter((names) => names.every((name) => !env[name]?.trim())).map((names) => names[0]!);
}
