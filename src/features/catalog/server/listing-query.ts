/**
 * Query-string schemas of the catalogue API and pages (spec 000 §7): subcategory ("all" or an
 * id, default all), page (1-based), pageSize, sort (asc or desc). Unknown parameters such as
 * the client's timestamp cache buster are ignored.
 */
import { z } from 'zod';
import { PAGE_SIZE } from '../rules.ts';

const positiveInt = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, `${label} must be a positive whole number.`)
    .transform(Number)
    .refine((n) => n >= 1, `${label} must be a positive whole number.`);

/** Parsed listing parameters. */
export const listingQuerySchema = z.object({
  subcategory: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(all|\d{1,9})$/, 'subcategory must be "all" or a subcategory id.')
    .transform((v) => (v === 'all' ? 0 : Number(v)))
    .optional()
    .default(0),
  page: positiveInt('page').optional().default(1),
  pageSize: positiveInt('pageSize')
    .refine((n) => n <= 100, 'pageSize must be at most 100.')
    .optional()
    .default(PAGE_SIZE),
  sort: z.enum(['asc', 'desc'], { message: 'sort must be asc or desc.' }).optional(),
});

export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** Reads the listing parameters from a URL; empty values count as absent. Throws a ZodError on bad ones. */
export function parseListingQuery(url: URL): ListingQuery {
  const raw: Record<string, string> = {};
  for (const key of ['subcategory', 'page', 'pageSize', 'sort'] as const) {
    const v = url.searchParams.get(key);
    if (v !== null && v.trim() !== '') raw[key] = v;
  }
  return listingQuerySchema.parse(raw);
}

/** Like parseListingQuery but falls back to defaults for bad values (pages forgive a bad URL). */
export function parseListingQueryLenient(url: URL): ListingQuery {
  const result = listingQuerySchema.safeParse(
    Object.fromEntries(['subcategory', 'page', 'pageSize', 'sort'].flatMap((k) => {
      const v = url.searchParams.get(k);
      if (v === null || v.trim() === '') return [];
      return listingQuerySchema.shape[k as keyof typeof listingQuerySchema.shape].safeParse(v).success ? [[k, v]] : [];
    })),
  );
  return result.success ? result.data : listingQuerySchema.parse({});
}
