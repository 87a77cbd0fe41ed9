/** The substitution choices: one list for the database and the API, labels, input rules. */
import { describe, expect, it } from 'vitest';
import { substitutionInput } from '#features/cart/contract.ts';
import {
  DEFAULT_SUBSTITUTION,
  effectiveSubstitution,
  SUBSTITUTION_LABELS,
  SUBSTITUTIONS,
  substitutionLabel,
} from '#features/cart/substitution.ts';
import { SUBSTITUTIONS as STORED } from '#lib/db/schema.ts';

describe('substitution rules', () => {
  it('keeps the database list and the API list the same', () => {
    expect([...STORED]).toEqual([...SUBSTITUTIONS]);
    expect(SUBSTITUTIONS).toContain(DEFAULT_SUBSTITUTION);
  });

  it('labels each choice in words a customer reads, and nothing for none', () => {
    expect(SUBSTITUTIONS.map(substitutionLabel)).toEqual([
      'Replace with a similar item',
      "Don't replace (refund)",
      'Call me',
    ]);
    expect(Object.keys(SUBSTITUTION_LABELS)).toEqual([...SUBSTITUTIONS]);
    expect(substitutionLabel(null)).toBe('');
    expect(substitutionLabel('toString')).toBe('');
  });

  it('reads choices case-insensitively and refuses anything else with one message', () => {
    expect(substitutionInput.parse(' Call ')).toBe('call');
    for (const bad of ['swap', '', 3, null]) {
      const r = substitutionInput.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('substitution must be one of: replace, refund, call.');
    }
  });

  it("gives a line its own choice, else the order's", () => {
    expect(effectiveSubstitution('call', 'replace')).toBe('call');
    expect(effectiveSubstitution(null, 'refund')).toBe('refund');
  });
});
