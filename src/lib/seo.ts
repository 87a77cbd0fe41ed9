/**
 * JSON-LD builders (schema.org) for search engines and link previews: the shop as an
 * Organization/GroceryStore and the WebSite with its SearchAction on home, BreadcrumbList on
 * listing and product pages, Product with an Offer on product pages. Pass the results to
 * ShopLayout's `jsonLd` prop.
 *
 * URLs given to these builders may be absolute or site-relative paths; relative ones are made
 * absolute against the `site` argument (normally `getConfig().SITE_URL`).
 */
/** A plain JSON-LD object (rendered as application/ld+json). */
export type JsonLd = Record<string, unknown>;

/** What productJsonLd reads of a product (the catalog's ProductDetail has these fields). */
export interface JsonLdProduct {
  name: string;
  sku: string;
  images: string[];
  category: { name: string };
  subcategory: { name: string };
  pricePaise: number;
  stock: number;
  description: string | null;
  brand: string | null;
}

/** The configuration fields the store builder reads (a subset of `Config`). */
export interface StoreInfo {
  SHOP_NAME: string;
  SITE_URL: string;
  SHOP_EMAIL: string;
  SHOP_PHONE: string;
  SHOP_ADDRESS: string;
}

/** One breadcrumb step: visible name and URL (absolute or a path). */
export interface Crumb {
  name: string;
  url: string;
}

/** The shop's tagline. */
export const TAGLINE = 'Bringing farm fresh goodness to your doorstep!';

const trimSlash = (site: string) => site.replace(/\/+$/, '');

/** What must not appear as it is in a script element's JSON: `<` (`</script>`, `<!--`), U+2028 and U+2029. */
const SCRIPT_UNSAFE = /[<\u2028\u2029]/g;

/**
 * `data` as the content of a `<script type="application/ld+json">` element (its `set:html`): JSON
 * with `<` written as `\u003c`, so no text in it (a product's name or description) can close the
 * element or open a comment, and U+2028 and U+2029 as `\u2028` and `\u2029`, which older
 * JavaScript parsers read as line breaks. Every other character stays as it is: a script's content
 * is raw text, where a character reference would be read literally.
 * @example jsonLdScript({ name: 'Dal </script> – ₹90' }) // '{"name":"Dal \\u003c/script> – ₹90"}'
 */
export function jsonLdScript(data: JsonLd): string {
  return JSON.stringify(data).replace(SCRIPT_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Makes a URL absolute against the site root.
 * @example absoluteUrl('/product/4', 'https://shop.example/') // 'https://shop.example/product/4'
 */
export function absoluteUrl(url: string, site: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${trimSlash(site)}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The shop as a schema.org GroceryStore (a LocalBusiness, hence also an Organization), with
 * contact details and the delivery area from configuration.
 */
export function storeJsonLd(config: StoreInfo): JsonLd {
  const site = trimSlash(config.SITE_URL);
  return {
    '@context': 'https://schema.org',
    '@type': 'GroceryStore',
    '@id': `${site}/#store`,
    name: config.SHOP_NAME,
    slogan: TAGLINE,
    description:
      'Farm-fresh fruit, vegetables, sweets, pickles, dry fruits and bakes, delivered to your doorstep in Thrissur.',
    url: `${site}/`,
    logo: `${site}/favicon.svg`,
    image: `${site}/images/og-default.jpg`,
    email: config.SHOP_EMAIL,
    telephone: config.SHOP_PHONE,
    priceRange: '₹',
    currenciesAccepted: 'INR',
    paymentAccepted: 'Cash, Credit Card, Debit Card, UPI, Net Banking, Wallets, Gift Cards',
    address: {
      '@type': 'PostalAddress',
      streetAddress: config.SHOP_ADDRESS,
      addressLocality: 'Thrissur',
      addressRegion: 'Kerala',
      addressCountry: 'IN',
    },
    areaServed: { '@type': 'City', name: 'Thrissur' },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '08:00',
      closes: '22:00',
    },
  };
}

/**
 * The site as a schema.org WebSite with its search: a SearchAction whose target is
 * /search?q={search_term_string}, so search engines may show a search box for the shop.
 */
export function websiteJsonLd(config: Pick<StoreInfo, 'SHOP_NAME' | 'SITE_URL'>): JsonLd {
  const site = trimSlash(config.SITE_URL);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${site}/#website`,
    name: config.SHOP_NAME,
    url: `${site}/`,
    publisher: { '@id': `${site}/#store` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/**
 * A schema.org BreadcrumbList; positions start at 1 in the order given (home first).
 * @example breadcrumbJsonLd([{ name: 'Home', url: '/' }, { name: 'Fruits', url: '/category/1/subcategories' }], site)
 */
export function breadcrumbJsonLd(items: Crumb[], site = ''): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: site ? absoluteUrl(item.url, site) : item.url,
    })),
  };
}

/**
 * A schema.org Product with one Offer: price as a string with 2 decimals in INR (from paise),
 * availability InStock when stock > 0, else OutOfStock. `url` is the product page's absolute URL
 * (or a path, made absolute with `site`); image URLs are made absolute the same way.
 */
export function productJsonLd(product: JsonLdProduct, url: string, site = ''): JsonLd {
  const abs = (u: string) => (site ? absoluteUrl(u, site) : u);
  const pageUrl = abs(url);
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${pageUrl}#product`,
    name: product.name,
    sku: product.sku,
    url: pageUrl,
    image: product.images.map(abs),
    category: `${product.category.name} > ${product.subcategory.name}`,
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: (product.pricePaise / 100).toFixed(2),
      priceCurrency: 'INR',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  const description = product.description
    ?.replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (description) data.description = description.slice(0, 5000);
  if (product.brand) data.brand = { '@type': 'Brand', name: product.brand };
  return data;
}
