/**
 * The substitution choice as an API input, for the route contracts; zod lives here so rules.ts
 * stays light for islands.
 */
import { z } from 'zod';
import { SUBSTITUTIONS, SUBSTITUTION_INVALID } from './rules.ts';

/** One of SUBSTITUTIONS (case and spaces ignored); anything else is a 400 with SUBSTITUTION_INVALID. */
export const substitutionInput = z
  .string({ error: SUBSTITUTION_INVALID })
  .trim()
  .toLowerCase()
  .pipe(z.enum(SUBSTITUTIONS, { error: SUBSTITUTION_INVALID }));
