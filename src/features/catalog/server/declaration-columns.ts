/**
 * A product's declaration columns (Legal Metrology and FSSAI: maker, packer, importer, origin,
 * shelf life, consumer care, the brand's FSSAI licence, the food mark, sold loose), as one
 * selection the product page, the back office, the importer and the export read alike.
 */
import { products } from '#lib/db/schema.ts';

export const DECLARATION_COLUMNS = {
  manufacturer: products.manufacturer,
  packer: products.packer,
  importer: products.importer,
  countryOfOrigin: products.countryOfOrigin,
  shelfLife: products.shelfLife,
  consumerCare: products.consumerCare,
  fssaiLicence: products.fssaiLicence,
  foodMark: products.foodMark,
  soldLoose: products.soldLoose,
};
