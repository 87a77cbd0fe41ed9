/**
 * What to do when an item is out of stock at packing time (substitutions): the three
 * choices, their labels and the shop's default. Shared by the server (place-order, cart lines,
 * orders) and the islands; browser-safe (zod only). Stored as the codes below in
 * `cart_items.substitution` (null = follow the order's choice), `orders.substitution` and
 * `order_items.substitution` (the choice in force for that line when it was ordered).
 * No zod here (islands on light pages import it): the API input rule is substitution-input.ts.
 */

/** The choices as stored and sent: replace with a similar item, refund (don't replace), call the customer. */
export const SUBSTITUTIONS = ['replace', 'refund', 'call'] as const;
export type Substitution = (typeof SUBSTITUTIONS)[number];

/** What the customer reads for each choice. */
export const SUBSTITUTION_LABELS: Record<Substitution, string> = {
  replace: 'Replace with a similar item',
  refund: "Don't replace (refund)",
  call: 'Call me',
};

/**
 * The order-level choice when the customer says nothing (docs/adr/0025-substitutions.md):
 * replace with a similar item, at no more than the ordered item's price.
 */
export const DEFAULT_SUBSTITUTION: Substitution = 'replace';

/** 400 message for a value that is not one of the choices. */
export const SUBSTITUTION_INVALID = `substitution must be one of: ${SUBSTITUTIONS.join(', ')}.`;

/** The label of a stored choice; '' for none (orders placed before the choice existed). */
export function substitutionLabel(value: string | null | undefined): string {
  return value && Object.hasOwn(SUBSTITUTION_LABELS, value) ? SUBSTITUTION_LABELS[value as Substitution] : '';
}

/** The choice in force for a line: its own, else the order's. */
export function effectiveSubstitution(line: Substitution | null | undefined, order: Substitution): Substitution {
  return line ?? order;
}
