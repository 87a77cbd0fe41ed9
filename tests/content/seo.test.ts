/** JSON-LD builders (src/lib/seo.ts): the shapes search engines read for the shop, trails and products. */
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '#features/catalog/rules.ts';
import { absoluteUrl, breadcrumbJsonLd, jsonLdScript, productJsonLd, storeJsonLd, websiteJsonLd } from '#lib/seo.ts';

const SITE = 'https://shop.example/';

const mango: ProductDetail = {
  id: 7,
  name: 'Alphonso Mango',
  slug: 'alphonso-mango',
  image: '/media/emoji/1f96d.svg',
  images: ['/media/emoji/1f96d.svg', 'https://cdn.example/mango-2.jpg'],
  pricePaise: 38050,
  mrpPaise: 42000,
  discountPercent: 9,
  weight: 1,
  weightUnit: 'kg',
  taxPercent: 0,
  stock: 12,
  categoryId: 1,
  subcategoryId: 2,
  brand: 'FarmFresh',
  sku: 'FF-MANGO-1',
  description: '<p>Sweet &amp; <b>juicy</b></p>',
  additionalInformation: null,
  highlights: [],
  type: null,
  rating: null,
  manufacturer: null,
  packer: null,
  importer: null,
  countryOfOrigin: 'India',
  shelfLife: null,
  consumerCare: null,
  fssaiLicence: null,
  foodMark: 'veg',
  soldLoose: true,
  category: { id: 1, name: 'Fresh Fruits' },
  subcategory: { id: 2, name: 'Mangoes' },
};

describe('absoluteUrl', () => {
  it('joins paths to the site and keeps absolute URLs', () => {
    expect(absoluteUrl('/product/7', SITE)).toBe('https://shop.example/product/7');
    expect(absoluteUrl('about', 'https://shop.example')).toBe('https://shop.example/about');
    expect(absoluteUrl('https://cdn.example/a.jpg', SITE)).toBe('https://cdn.example/a.jpg');
  });
});

describe('productJsonLd', () => {
  it('is a Product with an INR Offer priced as a 2-decimal string and in stock', () => {
    const ld = productJsonLd(mango, '/product/7', SITE);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Alphonso Mango',
      sku: 'FF-MANGO-1',
      url: 'https://shop.example/product/7',
      image: ['https://shop.example/media/emoji/1f96d.svg', 'https://cdn.example/mango-2.jpg'],
      brand: { '@type': 'Brand', name: 'FarmFresh' },
      description: 'Sweet &amp; juicy',
      offers: { '@type': 'Offer', price: '380.50', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
    });
  });

  it('is OutOfStock at zero stock and whole rupees still carry 2 decimals', () => {
    const ld = productJsonLd(
      { ...mango, stock: 0, pricePaise: 9900, brand: null, description: null },
      'https://shop.example/product/7',
    );
    expect(ld.offers).toMatchObject({ price: '99.00', availability: 'https://schema.org/OutOfStock' });
    expect(ld).not.toHaveProperty('brand');
    expect(ld).not.toHaveProperty('description');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the steps from 1 with absolute item URLs', () => {
    const ld = breadcrumbJsonLd(
      [
        { name: 'Home', url: '/' },
        { name: 'Fresh Fruits', url: '/category/1/subcategories' },
      ],
      SITE,
    );
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Fresh Fruits',
          item: 'https://shop.example/category/1/subcategories',
        },
      ],
    });
  });
});

describe('storeJsonLd', () => {
  it('describes the shop as a GroceryStore with configured contact details', () => {
    const ld = storeJsonLd({
      SHOP_NAME: 'FarmFresh',
      SITE_URL: SITE,
      SHOP_EMAIL: 'a@b.example',
      SHOP_PHONE: '+91 1',
      SHOP_ADDRESS: 'MG Road',
    });
    expect(ld).toMatchObject({
      '@type': 'GroceryStore',
      name: 'FarmFresh',
      url: 'https://shop.example/',
      email: 'a@b.example',
      telephone: '+91 1',
      slogan: 'Bringing farm fresh goodness to your doorstep!',
      address: { '@type': 'PostalAddress', streetAddress: 'MG Road', addressCountry: 'IN' },
    });
  });
});

describe('websiteJsonLd', () => {
  it('declares the site search with the /search?q= URL template', () => {
    const ld = websiteJsonLd({ SHOP_NAME: 'FarmFresh', SITE_URL: 'https://shop.example/' });
    expect(ld).toMatchObject({
      '@type': 'WebSite',
      url: 'https://shop.example/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://shop.example/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('jsonLdScript', () => {
  it('cannot be closed or commented out by a text in it, and keeps every other character', () => {
    const data = { name: 'Dal </script><script>alert(1)</script> <!-- – ₹90 ദാൽ', note: 'a\u2028b\u2029c' };
    const script = jsonLdScript(data);
    expect(script).toBe(
      '{"name":"Dal \\u003c/script>\\u003cscript>alert(1)\\u003c/script> \\u003c!-- – ₹90 ദാൽ","note":"a\\u2028b\\u2029c"}',
    );
    expect(script).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(script)).toEqual(data);
  });
});
