/**
 * The demo shop's own catalogue, written for FarmFresh (Thrissur, Kerala).
 * Category order fixes the ids: 1 Fresh Fruits, 2 Fresh Vegetables, 3 Sweets & Mithai,
 * 4 Pickles & Chutneys, 5 Dry Fruits & Nuts, 6 Bakery. Images are Twemoji code points.
 */
import type { DemoBanner, DemoCategory, DemoPromoCode } from './types.ts';

export const demoCatalog: DemoCategory[] = [
  {
    name: 'Fresh Fruits',
    description: 'Seasonal fruit from farms around Thrissur.',
    image: '1f96d',
    subcategories: [
      {
        name: 'Mangoes',
        image: '1f96d',
        products: [
          {
            sku: 'FF-FRU-001', name: 'Alphonso Mango', weight: 1, weightUnit: 'kg', mrp: 420, price: 380, taxPercent: 0, stock: 40,
            images: ['1f96d'], description: 'Ratnagiri Alphonso mangoes.', additionalInformation: 'Store at room temperature.', highlights: ['Naturally ripened'],
          },
        ],
      },
    ],
  },
];

export const demoBanners: DemoBanner[] = [
  { title: 'Farm fresh, every morning', description: 'Handpicked fruit and vegetables delivered across Thrissur.', image: 'banners/farm-fresh.svg', cta: 'Shop Now' },
];

export const demoDeliveryAreas = [{ name: 'Thrissur', postalCodePrefixes: ['680'] }];

export const demoPromoCodes: DemoPromoCode[] = [
  { code: 'FRESH5', description: '5% off any order', percentOff: 5, minOrder: 0 },
];
