/**
 * The content feature's server surface: the policy figures content pages state, read from the
 * settings checkout uses.
 */
import { windowText } from '#features/complaints/rules.ts';
import { deliveryConfig } from '#features/delivery/index.ts';
import { CANCEL_WINDOW_MINUTES } from '#features/orders/rules.ts';
import { getConfig } from '#lib/config.ts';
import { REFUND_PERIOD } from '#lib/refund-period.ts';
import { expandPolicy, type PolicyFacts } from './policy.ts';

export { expandPolicy, type PolicyFacts, UnknownPlaceholderError } from './policy.ts';

/** The shop's policy figures now: the configured delivery zones, the cancel window, the refund period, the points rule, the complaint window. */
export function policyFacts(): PolicyFacts {
  return {
    zones: deliveryConfig().zones,
    cancelMinutes: CANCEL_WINDOW_MINUTES,
    refundPeriod: REFUND_PERIOD,
    pointsPer100Rupees: getConfig().POINTS_PER_100_RUPEES,
    complaintWindow: windowText(getConfig().COMPLAINT_WINDOW_HOURS),
  };
}

/** Rendered page HTML with its `{{…}}` policy placeholders filled from the shop's settings. */
export const expandPolicyPlaceholders = (html: string): string => expandPolicy(html, policyFacts());
