/**
 * The promotions feature's server surface: promo codes as checkout and orders use them (checked, counted per
 * order, given back on cancellation, tries throttled) and as the back office manages them.
 */
export { createPromo, endPromo, listAdminPromos } from './server/admin-promos.ts';
export {
  type AppliedPromo,
  countedPromoTry,
  countPromoUse,
  evaluatePromo,
  PROMO_INVALID,
  promoAppliedMessage,
  releasePromoUse,
} from './server/promos.ts';
