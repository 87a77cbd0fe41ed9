/**
 * The search API as a shop answers it, with no search behind it: `GET
 * /api/customer/search-products?product=<text>` answers the shop's JSON envelope
 * (`{ success, data: { products } }`, each product in the shop's field set) with SEARCH_RESULTS
 * products picked from the in-memory catalogue by a hash of the text, so what it measures is the
 * framework's cost of an API answer of the shop's size. `?results=` overrides the count (the
 * bench sizes the answer with it). A missing or blank text answers 400, as the shop does.
 */
import type { APIRoute } from 'astro';
import { categoryById, countParam, PRODUCT_COUNT, type Product, products } from '../../../catalog.ts';

/** Products in an answer; the bench sets it so that answers weigh what the shop's do. */
const SEARCH_RESULTS = /^\d+$/.test(process.env.REFERENCE_SEARCH_RESULTS ?? '')
  ? Number(process.env.REFERENCE_SEARCH_RESULTS)
  : 12;

/** FNV-1a of the text: the same text picks the same products. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function toJson(p: Product) {
  const price = p.mrpPaise / 100;
  const offer = p.pricePaise / 100;
  return {
    id: p.id,
    name: p.name,
    title: p.name,
    slug: p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    image: { url: p.image },
    product_image: p.image,
    images: [{ url: p.image }],
    price,
    offer_price: offer,
    priceWithTax: offer,
    originalPrice: price,
    discountPercentage: price > offer ? Math.round(((price - offer) / price) * 100) : 0,
    weight: p.weight,
    weightUnit: null,
    unit: null,
    tax: { taxPercentage: 0 },
    stock: p.stock,
    in_stock: p.stock > 0,
    brand: p.brand,
    categoryA: { id: p.categoryId },
    categoryB: { id: p.subcategoryId },
    category_id: p.categoryId,
    subcategory_id: p.subcategoryId,
    wishlists: [],
    product_id: p.id,
    product_name: p.name,
    category_name: categoryById(p.categoryId).name,
  };
}

export const GET: APIRoute = ({ url }) => {
  const text = (url.searchParams.get('product') ?? '').trim().toLowerCase();
  const headers = { 'content-type': 'application/json; charset=utf-8' };
  if (!text)
    return new Response(JSON.stringify({ success: false, message: 'Enter a product name to search.' }), {
      status: 400,
      headers,
    });
  const count = countParam(url, SEARCH_RESULTS, 'results');
  const start = hash(text) % PRODUCT_COUNT;
  const found = Array.from({ length: count }, (_, i) => toJson(products[(start + i) % PRODUCT_COUNT]!));
  return new Response(JSON.stringify({ success: true, data: { products: found } }), { headers });
};
