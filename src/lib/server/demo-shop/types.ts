/** Shapes of the demo shop's hand-written catalogue (prices in rupees here; stored as paise). */

/** A demo product. Images are Twemoji code points (e.g. "1f345" for a tomato). */
export interface DemoProduct {
  sku: string;
  name: string;
  brand?: string;
  weight: number;
  weightUnit: 'g' | 'kg' | 'ml' | 'l' | 'pc' | 'pcs' | 'dozen' | 'bunch';
  /** Maximum retail price in rupees. */
  mrp: number;
  /** Offer (selling) price in rupees; equal to mrp when there is no discount. */
  price: number;
  taxPercent: number;
  stock: number;
  images: string[];
  description: string;
  additionalInformation: string;
  highlights: string[];
}

export interface DemoSubcategory {
  name: string;
  /** Twemoji code point for the chip image. */
  image: string;
  products: DemoProduct[];
}

export interface DemoCategory {
  name: string;
  description: string;
  image: string;
  subcategories: DemoSubcategory[];
}

export interface DemoBanner {
  title: string;
  description: string;
  /** Image path under /media (e.g. "banners/mango-season.svg"). */
  image: string;
  cta?: string;
  ctaLink?: string;
}

export interface DemoPromoCode {
  code: string;
  description: string;
  percentOff: number;
  /** Minimum order in rupees. */
  minOrder: number;
  maxUses?: number;
  perCustomerLimit?: number;
  /** Days from the seeding date; omitted means open-ended. */
  startsInDays?: number;
  endsInDays?: number;
  isActive?: boolean;
}
