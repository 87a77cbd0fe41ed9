/**
 * What an inspector checks on every page (docs/compliance.md): the footer names the seller
 * (legal name, address, GSTIN, FSSAI licence and its validity), the customer-care contacts and
 * the grievance officer with a way to reach them, on a prerendered page and a server-rendered
 * one, at phone and desktop widths; /contact shows the same and how to complain, its heading clear
 * of the sticky header. The e2e server runs the demo shop on a demo build, whose seller settings
 * are its made-up defaults; outside demo mode there are none (tests/kernel/seller-settings.test.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_SELLER } from '../../src/lib/config/seller-settings.ts';

const ADDRESS = 'MG Road, Thrissur, Kerala 680001, India';
const GSTIN = '32ABCDE1234F1Z5';

/** Checks the footer's seller and grievance officer sections of the page open now. */
async function expectSellerFooter(page: Page): Promise<void> {
  const footer = page.getByRole('contentinfo');
  const seller = footer.getByRole('region', { name: 'Seller' });
  await seller.scrollIntoViewIfNeeded();
  await expect(seller).toBeVisible();
  await expect(seller).toContainText(DEMO_SELLER.SHOP_LEGAL_NAME);
  await expect(seller).toContainText(ADDRESS);
  await expect(seller).toContainText(`GSTIN ${GSTIN}`);
  await expect(seller).toContainText(`FSSAI licence no. ${DEMO_SELLER.SHOP_FSSAI_LICENCE}, valid until 31 March 2030`);

  const officer = footer.getByRole('region', { name: 'Grievance officer' });
  await expect(officer).toContainText(
    `${DEMO_SELLER.GRIEVANCE_OFFICER_NAME}, ${DEMO_SELLER.GRIEVANCE_OFFICER_DESIGNATION}`,
  );
  await expect(officer.getByRole('link', { name: DEMO_SELLER.GRIEVANCE_OFFICER_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${DEMO_SELLER.GRIEVANCE_OFFICER_EMAIL}`,
  );
  await expect(officer.getByRole('link', { name: /^\+91[\s\u00a0]487[\s\u00a0]242[\s\u00a0]0011$/ })).toHaveAttribute(
    'href',
    'tel:+914872420011',
  );
  await expect(officer).toContainText('acknowledged within 48 hours and settled within one month');

  const care = footer.locator('address').filter({ hasText: 'Customer care' });
  await expect(care.getByRole('link', { name: 'hello@farmfresh.example' })).toHaveAttribute(
    'href',
    'mailto:hello@farmfresh.example',
  );
  await expect(care.getByRole('link', { name: /^\+91[\s\u00a0]487[\s\u00a0]242[\s\u00a0]0000$/ })).toBeVisible();
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a prerendered page’s footer names the seller and the grievance officer', async ({ page }) => {
      await page.goto('/about');
      await expectSellerFooter(page);
    });

    test('a server-rendered page’s footer names the seller and the grievance officer', async ({ page }) => {
      await page.goto('/cart');
      await expectSellerFooter(page);
    });

    test('the footer’s “How to complain” opens the contact page at its grievances', async ({ page }) => {
      await page.goto('/about');
      await page.getByRole('contentinfo').getByRole('link', { name: 'How to complain' }).click();
      await expect(page).toHaveURL(/\/contact-us#grievances$/);
      const heading = page.getByRole('heading', { level: 2, name: 'Grievances' });
      await expect(heading).toBeInViewport();
      // Below the sticky header, not under it.
      const header = await page.getByRole('banner').boundingBox();
      const top = await heading.boundingBox();
      expect(top!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    });
  });
}

test('/contact shows the contact page with the seller and the grievance officer', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(
    `Grievance officer: ${DEMO_SELLER.GRIEVANCE_OFFICER_NAME}, ${DEMO_SELLER.GRIEVANCE_OFFICER_DESIGNATION}`,
  );
  await expect(main.getByRole('link', { name: DEMO_SELLER.GRIEVANCE_OFFICER_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${DEMO_SELLER.GRIEVANCE_OFFICER_EMAIL}`,
  );
  await expect(main).toContainText(`The shop is run by ${DEMO_SELLER.SHOP_LEGAL_NAME}, ${ADDRESS}.`);
  await expect(main).toContainText(`GSTIN: ${GSTIN}`);
  await expect(main).toContainText(`FSSAI licence no.: ${DEMO_SELLER.SHOP_FSSAI_LICENCE}, valid until 31 March 2030`);
  await expect(main).not.toContainText(/\{[a-z-]+\}/);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical ?? '').pathname).toBe('/contact-us');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
