/**
 * The Content-Security-Policy (no inline scripts but the hashed ones) breaks nothing.
 * On each page the browser reports no CSP violation, the head script ran (html[data-auth]),
 * islands hydrate, and the bundled page scripts (in place of inline ones) do their job.
 */
import { expect, type Page, test } from '@playwright/test';
import { createCustomer, hydrated, origin } from './session-helpers.ts';

/** Collects CSP violations (console and securitypolicyviolation events) of `page`. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy|Refused to (execute|load|apply)/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return violations;
}

test('home, shop, a product, cart and login run without CSP violations', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'out');
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });

  await page.goto('/shop');
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'out');
  const productHref = await page.locator('a[href^="/product/"]').first().getAttribute('href');
  expect(productHref).toMatch(/^\/product\/\d+/);

  await page.goto(productHref!);
  const id = /^\/product\/(\d+)/.exec(productHref!)![1];
  // A bundled page script remembers the product for /product.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastProductId'))).toBe(id);

  await page.goto('/product');
  await expect(page).toHaveURL(new RegExp(`/product/${id}`));

  // A guest's /cart hydrates no cart island: its page script opens the login dialog.
  await page.goto('/cart');
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('#auth-dialog-root dialog')).toBeVisible();

  await page.goto('/login?next=/cart');
  await expect(page.locator('#auth-dialog-root dialog')).toBeVisible();

  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'out');
  expect(violations).toEqual([]);
});

test('signed in, cart and checkout run without CSP violations', async ({ page }) => {
  const violations = await watchCsp(page);
  await createCustomer(page.request);
  const products = (await (await page.request.get('/api/customer/products/0?pageSize=50')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  const inStock = products.find((p) => p.stock > 5)!;
  const add = await page.request.post('/api/customer/add-product', {
    multipart: { product_id: String(inStock.id), qty: '1' },
    headers: origin(),
  });
  expect(add.status(), await add.text()).toBe(200);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
  await page.goto('/cart');
  await hydrated(page, 'CartPage');
  await page.goto('/checkout');
  await hydrated(page, 'Checkout');
  await page.goto('/my-account');
  await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
  expect(violations).toEqual([]);
});

test("Razorpay's checkout script and frames are allowed on the checkout page and nowhere else", async ({ page }) => {
  await createCustomer(page.request);
  const products = (await (await page.request.get('/api/customer/products/0?pageSize=50')).json()).data.products as {
    id: number;
    stock: number;
  }[];
  const add = await page.request.post('/api/customer/add-product', {
    multipart: { product_id: String(products.find((p) => p.stock > 5)!.id), qty: '1' },
    headers: origin(),
  });
  expect(add.status(), await add.text()).toBe(200);
  const policy = async (path: string) => {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    return res.headers()['content-security-policy'] ?? '';
  };
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  const checkout = await policy('/checkout');
  expect(directive(checkout, 'script-src')).toContain('https://checkout.razorpay.com');
  expect(directive(checkout, 'script-src')).toContain("'self'");
  expect(directive(checkout, 'script-src')).not.toContain("'unsafe-inline'");
  expect(directive(checkout, 'frame-src')).toContain('https://api.razorpay.com');
  expect(directive(checkout, 'connect-src')).toContain('https://api.razorpay.com');

  for (const path of ['/', '/cart', '/my-account']) {
    const csp = await policy(path);
    expect(csp, path).not.toContain('razorpay');
    expect(directive(csp, 'script-src'), path).toContain("'self'");
  }
});
