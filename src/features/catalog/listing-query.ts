/**
 * Query-string schemas of the catalogue API and pages: subcategory ("all" or an
 * id, default all), page (1-based, default 1), pageSize (1–100, default 10), sort (asc or desc).
 * Empty values count as absent; unknown parameters such as the client's timestamp cache buster
 * are ignored. Browser-safe: zod only (the route contracts in contract.ts use these).
 */
import { z } from 'zod';
import { PAGE_SIZE } from './rules.ts';

/** Most products one listing request may ask for. */
export const MAX_PAGE_SIZE = 100;

/**
 * A query parameter read with `inner` (strings in), absent when missing or blank; `fallback`
 * when absent.
 * @example queryParam(z.enum(['asc', 'desc'])).parse('  ') // undefined
 */
export function queryParam<T extends z.ZodType<unknown, string>, F = undefined>(inner: T, fallback?: F) {
  return z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
    .pipe(inner.optional())
    .transform((v) => (v ?? fallback) as z.output<T> | F);
}

/** A query parameter holding a whole number ≥ 1 (up to 9 digits); the message names `label`. */
export const positiveInt = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, `${label} must be a positive whole number.`)
    .transform(Number)
    .refine((n) => n >= 1, `${label} must be a positive whole number.`);

const listingFields = {
  subcategory: queryParam(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(all|\d{1,9})$/, 'subcategory must be "all" or a subcategory id.')
      .transform((v) => (v === 'all' ? 0 : Number(v))),
    0,
  ),
  page: queryParam(positiveInt('page'), 1),
  pageSize: queryParam(
    positiveInt('pageSize').refine((n) => n <= MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}.`),
    PAGE_SIZE,
  ),
  sort: queryParam(z.enum(['asc', 'desc'], { message: 'sort must be asc or desc.' })),
};

/** Listing parameters (a bad value is a 400 with its message in the API). */
export const listingQuerySchema = z.object(listingFields);

export type ListingQuery = z.output<typeof listingQuerySchema>;

/** Listing parameters for a page: a bad value falls back to its default (pages forgive a bad URL). */
export function parseListingQueryLenient(url: URL): ListingQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(listingFields) as (keyof typeof listingFields)[]) {
    const v = url.searchParams.get(key);
    if (v !== null && listingFields[key].safeParse(v).success) raw[key] = v;
  }
  return listingQuerySchema.parse(raw);
}
