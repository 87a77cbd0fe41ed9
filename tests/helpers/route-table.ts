/**
 * The storefront's full route table (docs/storefront-rules.md#routes),
 * resolved against a running server: dynamic routes use category 1, its first subcategory and
 * that subcategory's first product, read through the catalogue API. Shared by routes.test.ts
 * and html-validate.test.ts.
 */

/** One route to request and the <h1> it must show. */
export interface RouteCase {
  path: string;
  /** Exact heading text, or a pattern for pages whose heading is data or not fixed by the spec. */
  heading: string | RegExp;
}

/** Content pages: path → heading (from src/content/pages). */
export const CONTENT_PAGES: Record<string, string> = {
  '/company': 'About FarmFresh',
  '/about': 'About FarmFresh',
  '/contact-us': 'Contact Us',
  '/terms-and-conditions': 'Terms & Conditions',
  '/privacy-policy': 'Privacy Policy',
  '/blog': 'FarmFresh Blog',
  '/help': 'Help Center',
  '/payments': 'Payments',
  '/shipping': 'Shipping & Delivery',
  '/product-returns': 'Returns & Refunds',
  '/faq': 'Frequently Asked Questions',
  '/securecheckout': 'Secure Checkout',
  '/become-a-shopper': 'Become a Shopper',
  '/earnings': 'Shopper Earnings',
  '/ideas-guides': 'Ideas & Guides',
  '/new-retailers': 'For New Retailers',
  '/shopper-opportunities': 'Shopper Opportunities',
  '/programs': 'Programs',
  '/gift-cards': 'Gift Cards',
  '/promos-coupons': 'Promos & Coupons',
  '/ads': 'Advertise with FarmFresh',
  '/careers': 'Careers',
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any non-empty heading. */
const ANY = /\S/;

async function data<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

/** Every route of the table with its expected heading. */
export async function routeTable(baseUrl: string): Promise<RouteCase[]> {
  const { category, subcategories } = await data<{
    category: { id: number; name: string };
    subcategories: { id: number; name: string }[];
  }>(baseUrl, '/api/customer/product-subcategories/1');
  const sub = subcategories[0];
  const { products } = await data<{ products: { id: number; name: string }[] }>(
    baseUrl,
    `/api/customer/products/${sub.id}?category=${category.id}`,
  );
  const product = products[0];
  const categoryName = new RegExp(escapeRegExp(category.name));
  const subOrCategory = new RegExp(`${escapeRegExp(sub.name)}|${escapeRegExp(category.name)}`);

  return [
    { path: '/', heading: ANY },
    { path: '/category', heading: ANY },
    { path: '/categories', heading: ANY },
    { path: `/categories/${category.id}`, heading: categoryName },
    { path: `/categories/${category.id}/all-products`, heading: new RegExp(`${escapeRegExp(category.name)}|All`) },
    { path: `/categories/${category.id}/subcategory/${sub.id}`, heading: subOrCategory },
    { path: `/category/${category.id}/subcategories`, heading: categoryName },
    { path: '/product', heading: ANY },
    { path: '/products', heading: ANY },
    { path: `/product/${product.id}`, heading: product.name },
    { path: `/subcategory/${sub.id}`, heading: subOrCategory },
    { path: '/cart', heading: ANY },
    { path: '/checkout', heading: ANY },
    { path: '/my-account', heading: ANY },
    { path: '/wishlist', heading: ANY },
    { path: '/track-order', heading: ANY },
    { path: '/grievance', heading: ANY },
    { path: '/shop', heading: ANY },
    { path: '/login', heading: ANY },
    ...Object.entries(CONTENT_PAGES).map(([path, heading]) => ({ path, heading })),
  ];
}

/** Visible text of an HTML document (scripts, styles and tags removed), whitespace collapsed. */
export function pageText(html: string): string {
  return decode(html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '));
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Text of the page's first <h1>, tags stripped and common entities decoded; null when none. */
export function firstHeading(html: string): string | null {
  const m = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  if (!m) return null;
  return decode(m[1].replace(/<[^>]*>/g, ''));
}
