/**
 * Categories, home banners and home rails from the back office in Chromium, at a phone's and a
 * desktop's width: the owner adds a category with a subcategory (its image uploaded from a file),
 * a banner (its image uploaded, replaced, removed and uploaded again) and a rail of chosen products, and an anonymous visitor's home page shows each within a few seconds; the screens
 * pass axe and fit the screen (screenshots in test-results). A packer cannot reach them.
 * The banner and the rail are removed again, so the other specs' home page stays as it was.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { decodeHTML } from 'entities';
import sharp from 'sharp';
import { STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { hydrated, originHeader } from './checkout-helpers.ts';

/** Signs a staff member in through the API; the staff cookies land in the page's context. */
async function signInStaff(page: Page, mobile: string): Promise<void> {
  await page.goto('/admin/login');
  await staffSignInByApi(page, mobile, originHeader(page));
}

/** A photo-like JPEG of `width` × `height` in `colour`, written to the test's output folder. */
async function photoFile(name: string, colour: string, width: number, height: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><circle cx="50%" cy="50%" r="30%" fill="${colour}"/></svg>`;
  const file = test.info().outputPath(name);
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/** Waits until an anonymous visitor's home page (a context without staff cookies) holds every text. */
async function homeShows(browser: Browser, texts: string[]): Promise<void> {
  const context = await browser.newContext();
  try {
    await expect
      .poll(
        async () => {
          const html = decodeHTML(await (await context.request.get('/')).text());
          return texts.filter((t) => !html.includes(t));
        },
        { timeout: 5_000, intervals: [250] },
      )
      .toEqual([]);
  } finally {
    await context.close();
  }
}

/** Nothing wider than the screen; a full-page screenshot; no serious axe finding. */
async function checkScreen(page: Page, name: string, width: number): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, name).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  expect(await seriousViolations(page), name).toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`the owner adds a category, a banner and a rail; the home page shows them (${viewport.width}px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInStaff(page, STAFF.owner.mobile);
    const tag = `${viewport.width}-${Math.random().toString(36).slice(2, 6)}`;

    // A category with a subcategory.
    const category = `Millets ${tag}`;
    await page.goto('/admin/categories');
    await hydrated(page, 'AdminCategories');
    const add = page.getByRole('form', { name: 'New category' });
    await add.getByLabel('Name').fill(category);
    await add.getByLabel(/Upload image/).setInputFiles(await photoFile('millets.jpg', '#c9a227', 400, 400));
    await expect(add.getByRole('img', { name: 'Image: preview' })).toHaveAttribute('src', /\/media\/photos\//);
    // A name cleared shows its message; typed again, the message and the status's refusal go.
    await add.getByLabel('Name').fill('');
    await add.getByRole('button', { name: 'Add category' }).click();
    await expect(add.getByText('Please enter a name.')).toBeVisible();
    await add.getByLabel('Name').fill(category);
    await expect(add.getByText('Please enter a name.')).toHaveCount(0);
    await expect(page.getByRole('status').first()).not.toHaveText('Please enter a name.');
    await add.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByRole('status').first()).toHaveText(`Category ${category} added.`);
    // The form is empty again, and its upload's announcement went with the photo.
    await expect(add.getByLabel('Name')).toHaveValue('');
    await expect(add.getByText('millets.jpg uploaded.')).toHaveCount(0);
    await page.getByText(`Add a subcategory to ${category}`).click();
    const addSub = page.getByRole('form', { name: `New subcategory of ${category}` });
    await addSub.getByLabel('Name').fill('Ragi');
    await addSub.getByRole('button', { name: 'Add subcategory' }).click();
    await expect(page.getByRole('status').first()).toHaveText(`Subcategory Ragi added to ${category}.`);
    // Moves by keyboard: the focus stays on the button pressed.
    const up = page.getByRole('button', { name: `Move up ${category}` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').first()).toHaveText(`${category} moved up.`);
    await expect(up).toBeFocused();
    // Edit by keyboard: the form opens on its name field; Escape closes it and Edit has the focus
    // again, as it has after a save.
    const edit = page.getByRole('button', { name: `Edit ${category}`, exact: true });
    await edit.focus();
    await page.keyboard.press('Enter');
    const editForm = page.getByRole('form', { name: `Edit category ${category}` });
    await expect(editForm.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editForm).toHaveCount(0);
    await expect(edit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editForm.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').first()).toHaveText(`${category} saved.`);
    await expect(edit).toBeFocused();
    await checkScreen(page, 'admin-categories', viewport.width);
    const anonymous = await browser.newContext();
    const shop = await anonymous.newPage();
    const categoryId = (await page.request.get('/api/admin/categories').then((r) => r.json())).data.categories.find(
      (c: { name: string }) => c.name === category,
    ).id;
    // No product on sale in it yet: the home page does not list it, but its page answers.
    await shop.goto('/');
    await expect(shop.getByRole('link', { name: category })).toHaveCount(0);
    await shop.goto(`/category/${categoryId}/subcategories`);
    await expect(shop.getByRole('heading', { name: category }).first()).toBeVisible();
    // Ragi has no product on sale either: not offered as a choice yet.
    await expect(shop.getByRole('link', { name: 'Ragi' })).toHaveCount(0);

    // A banner.
    const banner = `Harvest sale ${tag}`;
    await page.goto('/admin/banners');
    await hydrated(page, 'AdminBanners');
    const newBanner = page.getByRole('form', { name: 'New banner' });
    await newBanner.getByLabel('Title').fill(banner);
    await newBanner.getByLabel(/Upload image/).setInputFiles(await photoFile('banner-1.jpg', '#2e7d32', 1600, 600));
    const preview = newBanner.getByRole('img', { name: 'Banner image: preview' });
    await expect(preview).toHaveAttribute('src', /\/media\/photos\//);
    const firstPhoto = await preview.getAttribute('src');
    await newBanner.getByLabel(/Replace image/).setInputFiles(await photoFile('banner-2.jpg', '#e65100', 1600, 600));
    await expect(preview).not.toHaveAttribute('src', firstPhoto!);
    await newBanner.getByRole('button', { name: 'Remove banner image' }).click();
    await expect(preview).toHaveCount(0);
    // A file that is not a photo gets the upload's own message.
    const text = test.info().outputPath('notes.txt');
    await import('node:fs/promises').then((fs) => fs.writeFile(text, 'not a photo'));
    await newBanner.getByLabel(/Upload image/).setInputFiles(text);
    await expect(newBanner.getByRole('alert')).toContainText('JPEG, PNG or WebP');
    await newBanner.getByLabel(/Upload image/).setInputFiles(await photoFile('banner-3.jpg', '#6a1b9a', 1600, 600));
    await expect(preview).toHaveAttribute('src', /\/media\/photos\//);
    await newBanner.getByLabel(/Button text/).fill('Shop millets');
    await newBanner.getByLabel(/^Link/).fill('javascript:alert(1)');
    await newBanner.getByRole('button', { name: 'Add banner' }).click();
    await expect(newBanner.getByText(/A link is a path on this site/)).toBeVisible();
    await newBanner.getByLabel(/^Link/).fill(`/category/${categoryId}/subcategories`);
    await newBanner.getByRole('button', { name: 'Add banner' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Banner added.');
    await expect(page.getByRole('heading', { name: banner })).toBeVisible();
    const editBanner = page.getByRole('button', { name: `Edit ${banner}`, exact: true });
    await editBanner.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('form', { name: `Edit ${banner}` }).getByLabel('Title')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editBanner).toBeFocused();
    await checkScreen(page, 'admin-banners', viewport.width);
    const stored = (await page.request.get('/api/admin/banners').then((r) => r.json())).data.banners.find(
      (b: { title: string }) => b.title === banner,
    );
    expect(stored.image).toMatch(/^photos\//);
    await homeShows(browser, [banner, 'Shop millets', stored.imageUrl]);

    // A rail of chosen products.
    const rail = `Picked for you ${tag}`;
    await page.goto('/admin/home-rails');
    await hydrated(page, 'AdminHomeRails');
    const newRail = page.getByRole('form', { name: 'New rail' });
    await newRail.getByLabel('Title').fill(rail);
    // No product picked: refused; the message goes once one is.
    await newRail.getByRole('button', { name: 'Add rail' }).click();
    await expect(newRail.getByText(/Pick at least one product/)).toBeVisible();
    await newRail.getByLabel('Find a product').fill('mango');
    await newRail.getByRole('button', { name: 'Search', exact: true }).click();
    const picker = newRail.getByRole('group', { name: 'Chosen products, in order' });
    const first = picker.getByRole('listitem').first();
    const product = ((await first.locator('span').first().textContent()) ?? '').trim();
    await first.getByRole('button', { name: /^Add/ }).click();
    await expect(picker.getByRole('button', { name: `Remove ${product}` })).toBeVisible();
    await expect(page.getByText(/Pick at least one product/)).toHaveCount(0);
    await newRail.getByRole('button', { name: 'Add rail' }).click();
    await expect(page.getByRole('status').first()).toHaveText(`Rail ${rail} added.`);
    const editRail = page.getByRole('button', { name: `Edit ${rail}`, exact: true });
    await editRail.focus();
    await page.keyboard.press('Enter');
    const railForm = page.getByRole('form', { name: `Edit ${rail}` });
    await expect(railForm.getByLabel('Title')).toBeFocused();
    await railForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(editRail).toBeFocused();
    await checkScreen(page, 'admin-home-rails', viewport.width);
    await homeShows(browser, [rail, product]);
    await shop.goto('/');
    await expect(shop.getByRole('heading', { name: rail })).toBeVisible();
    await shop.screenshot({ path: test.info().outputPath(`home-with-rail-${viewport.width}.png`), fullPage: true });

    // Removed again: the rail is deleted, the category deactivated, then the banner deleted.
    await page.getByRole('button', { name: `Delete ${rail}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete rail' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Rail deleted.');
    // The category deactivated: the banner linking to it leaves the home page, and its screen says why.
    await page.goto('/admin/categories');
    await hydrated(page, 'AdminCategories');
    // It has no products on sale, so nothing is asked.
    await page.getByRole('button', { name: `Deactivate ${category}` }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('status').first()).toHaveText(
      `${category} and its products are hidden from the storefront.`,
    );
    await expect
      .poll(async () => (await shop.request.get(`/category/${categoryId}/subcategories`)).status(), { timeout: 5_000 })
      .toBe(404);
    await expect
      .poll(async () => decodeHTML(await (await shop.request.get('/')).text()).includes(banner), { timeout: 5_000 })
      .toBe(false);
    await page.goto('/admin/banners');
    await hydrated(page, 'AdminBanners');
    const listed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: banner }) });
    await expect(listed.getByText('Hidden: its link’s category is hidden')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`banner-link-hidden-${viewport.width}.png`), fullPage: true });
    await page.getByRole('button', { name: `Delete ${banner}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete banner' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Banner deleted.');
    await anonymous.close();
  });
}

test('a packer cannot reach the categories, banners or home rails screens', async ({ page }) => {
  await signInStaff(page, STAFF.packer.mobile);
  for (const path of ['/admin/categories', '/admin/banners', '/admin/home-rails']) {
    const opened = await page.goto(path);
    expect(opened?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  }
  const nav = page.getByRole('navigation');
  for (const label of ['Categories', 'Home banners', 'Home rails'])
    await expect(nav.getByRole('link', { name: label })).toHaveCount(0);
  const res = await page.request.post('/api/admin/categories', {
    data: { name: 'Sneaky' },
    headers: originHeader(page),
  });
  expect(res.status()).toBe(403);
});
