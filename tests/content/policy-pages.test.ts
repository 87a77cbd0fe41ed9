/**
 * The policy pages state the figures checkout uses: a zones file with unusual figures (₹55 fee,
 * free from ₹650, a ₹150 minimum, one 7–9 AM window, same day before 3:30 PM) and 3 points per
 * ₹100 are built into a build folder of their own through the same path as `npm start`
 * (ensureBuild), and every policy page's prerendered HTML states those figures and none of the
 * demo shop's. Changing the zones file then makes the build stale. One build, so one test.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '#lib/config.ts';
import { ensureBuild, isBuildStale } from '../../scripts/ensure-build.ts';

const ZONES = {
  slotTemplates: {
    town: {
      days: 2,
      cutoffMinutes: 90,
      sameDayLastOrder: '15:30',
      windows: [{ start: '07:00', end: '09:00', capacity: 5 }],
    },
    hills: {
      days: 4,
      cutoffMinutes: 240,
      sameDayLastOrder: null,
      windows: [
        { start: '10:30', end: '12:00', capacity: 5 },
        { start: '17:00', end: '19:00', capacity: 5 },
      ],
    },
  },
  zones: [
    {
      id: 'test-town',
      name: 'Test Town',
      pinCodes: ['680001', '680002', '680003', '680005'],
      feeRupees: 55,
      freeFromRupees: 650,
      minOrderRupees: 150,
      slotTemplate: 'town',
    },
    {
      id: 'test-hills',
      name: 'Test Hills',
      pinPrefixes: ['68'],
      feeRupees: 70,
      freeFromRupees: 1200,
      slotTemplate: 'hills',
    },
  ],
};

/** A page's visible text: tags dropped, entities that the pages use decoded, spaces collapsed. */
function pageText(dist: string, page: string): string {
  const html = readFileSync(path.join(dist, 'client', page, 'index.html'), 'utf8');
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const saved = { ...process.env };
// Under the project (in the ignored .build/), so the build's server files resolve its packages.
mkdirSync(path.resolve('.build'), { recursive: true });
const work = mkdtempSync(path.resolve('.build', 'policy-pages-'));

afterAll(() => {
  process.env = { ...saved };
  resetConfigForTests();
  rmSync(work, { recursive: true, force: true });
});

describe('policy pages built with another zones file', () => {
  it('state every zone with its own figures, and a changed zones file makes the build stale', () => {
    const zonesFile = path.join(work, 'zones.json');
    writeFileSync(zonesFile, JSON.stringify(ZONES));
    const dist = path.join(work, 'dist');
    process.env.DELIVERY_ZONES_FILE = zonesFile;
    process.env.DIST_DIR = dist;
    process.env.POINTS_PER_100_RUPEES = '3';
    resetConfigForTests();
    const root = process.cwd();

    expect(ensureBuild({ root, quiet: true, force: true })).toBe(true);
    expect(existsSync(path.join(dist, 'client/shipping/index.html'))).toBe(true);
    expect(isBuildStale(root)).toBe(false);

    const shipping = pageText(dist, 'shipping');
    for (const fact of [
      'Test Town',
      'PIN codes 680001–680003 and 680005',
      '₹55 on orders below ₹650; free from ₹650',
      'Minimum order ₹150',
      'Delivery slots 7–9 AM, every day',
      'Order before 3:30 PM for a slot the same day. Each slot closes 90 minutes before it starts. Slots are offered for today and the next day.',
      'Test Hills',
      'Other PIN codes starting with 68',
      '₹70 on orders below ₹1,200; free from ₹1,200',
      'Minimum order None',
      '10:30 AM–12 PM and 5–7 PM, every day',
      'Each slot closes 4 hours before it starts. Slots are offered for today and the next 3 days.',
    ])
      expect(shipping).toContain(fact);

    const summary =
      'Test Town: ₹55 delivery, free from ₹650, minimum order ₹150. Test Hills: ₹70 delivery, free from ₹1,200, no minimum order.';
    const slots = 'in Test Town 7–9 AM; in Test Hills 10:30 AM–12 PM and 5–7 PM';
    const sameDay = 'before 3:30 PM in Test Town and while a slot is open in Test Hills';
    const freeFrom = '₹650 in Test Town and ₹1,200 in Test Hills';
    const expected: Record<string, string[]> = {
      shipping: [summary, slots, sameDay, 'within 30 minutes of placing it'],
      help: [summary, slots, sameDay, '5–7 working days', 'within 30 minutes of placing it'],
      faq: [summary, slots, sameDay, '5–7 working days', 'within 30 minutes of placing it'],
      'terms-and-conditions': [summary, slots, sameDay, '5–7 working days', 'within 30 minutes of placing it'],
      about: [summary, slots, sameDay, 'within 30 minutes of placing an order'],
      'product-returns': ['5–7 working days', 'within 30 minutes of placing it'],
      payments: ['5–7 working days', 'You earn 3 points for every full ₹100 you pay'],
      'contact-us': ['5–7 working days', 'within 30 minutes of placing it'],
      programs: [freeFrom, 'You earn 3 points for every full ₹100 you pay, added when the order is delivered'],
      'promos-coupons': [freeFrom],
      'gift-cards': [summary],
      'ideas-guides': [freeFrom],
      'blog/onam-sadya-shopping-list': [freeFrom, slots, sameDay],
    };
    for (const [page, facts] of Object.entries(expected)) {
      const text = pageText(dist, page);
      for (const fact of facts) expect(text, `/${page}`).toContain(fact);
      // Nothing of the demo shop's figures, the old promises or an unfilled placeholder.
      for (const stale of [
        '₹499',
        '₹799',
        '₹299',
        '₹40 ',
        '8–10 AM',
        '9–11 AM',
        'before 5 PM',
        '3 to 7',
        'business days',
        '{{',
      ])
        expect(text, `/${page} says "${stale}"`).not.toContain(stale);
      expect(text, `/${page}`).not.toMatch(/change (or cancel )?(an|your) order|gift card code|5% off|switched off/i);
      // Codes are not shown on the home page, the blog or the Promos & Coupons page.
      expect(text, `/${page}`).not.toMatch(/announce(d)? (codes|on our home page)|on the Promos & Coupons page/i);
    }

    writeFileSync(zonesFile, JSON.stringify({ ...ZONES, zones: ZONES.zones.map((z) => ({ ...z, feeRupees: 65 })) }));
    expect(isBuildStale(root)).toBe(true);
  }, 600_000);
});
