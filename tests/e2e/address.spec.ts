/**
 * The address dialog end to end (docs/account-rules.md#address-dialog):
 * "Use My Current Location" with the permission granted fills latitude and longitude, and
 * denied shows its message; with every map tile failing the map still takes a click;
 * a save without a session, or with an expired one, says so and goes to /login after 2 s.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { fillCart, hydrated, signUp, stubTiles } from './checkout-helpers.ts';

// Every test signs up, builds a page with a map and waits out a 2 s redirect or a geolocation fix.
test.slow();

async function openDialog(page: Page): Promise<Locator> {
  await signUp(page);
  await fillCart(page, 1);
  await page.goto('/checkout');
  await hydrated(page, 'Checkout');
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Address' });
  await expect(dialog.getByRole('application')).toBeVisible();
  return dialog;
}

async function fillDetails(dialog: Locator): Promise<void> {
  await dialog.getByLabel('Full Name').fill('Meera Nair');
  await dialog.getByRole('textbox', { name: 'Mobile Number' }).pressSequentially('9847012345');
  await dialog.getByLabel('Building Number').fill('7B');
  await dialog.getByLabel('Street', { exact: true }).fill('Swaraj Round');
  await dialog.getByLabel('City').fill('Thrissur');
  await dialog.getByLabel('Postal Code').fill('680020');
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`address dialog at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('current location fills the coordinates; failing tiles leave a clickable map with a quiet note', async ({
      page,
      context,
    }) => {
      await stubTiles(page, true);
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 10.5301, longitude: 76.2155 });
      const dialog = await openDialog(page);
      await expect(
        dialog.getByText(
          'Map pictures could not be loaded, so the map shows a plain grid. You can still click it to set the pin, or use My Current Location.',
        ),
      ).toBeVisible();
      // Failed tiles are the plain grid square, never a broken image.
      const tiles = dialog.locator('img.leaflet-tile');
      await expect(tiles.first()).toHaveAttribute('src', /map-grid-tile\.svg$/);
      expect(
        await tiles.evaluateAll(
          (imgs) => imgs.filter((i) => !(i as HTMLImageElement).src.endsWith('map-grid-tile.svg')).length,
        ),
      ).toBe(0);
      expect(
        await tiles.evaluateAll((imgs) =>
          imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0 || !(i as HTMLImageElement).complete),
        ),
      ).toBe(true);
      await dialog.getByRole('application').click({ position: { x: 40, y: 200 } });
      await expect(dialog.getByLabel('Latitude')).toHaveValue(/^10\.5\d*/);
      await expect(dialog.getByLabel('Longitude')).not.toHaveValue('');
      await expect(dialog.getByLabel('Latitude')).toHaveAttribute('readonly', '');

      await dialog.getByRole('button', { name: 'Use My Current Location' }).click();
      await expect(dialog.getByLabel('Latitude')).toHaveValue('10.5301');
      await expect(dialog.getByLabel('Longitude')).toHaveValue('76.2155');
      await expect(dialog.locator('.ff-map-pin')).toHaveCount(1);
    });

    test('denied location permission shows the spec message', async ({ page, context }) => {
      await stubTiles(page);
      await context.clearPermissions();
      const dialog = await openDialog(page);
      await dialog.getByRole('button', { name: 'Use My Current Location' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'Location access denied. Please enable location permissions in your browser settings.',
      );
      await expect(dialog.getByLabel('Latitude')).toHaveValue('');
      // Escape closes the dialog and focus returns to the button that opened it.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Add New Address' })).toBeFocused();
    });
  });
}

test.describe('address dialog sessions', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('saving without a session, or with an expired one, asks to log in and goes to /login', async ({
    page,
    context,
  }) => {
    await stubTiles(page);
    let dialog = await openDialog(page);
    await fillDetails(dialog);
    await dialog.getByRole('application').click();
    // The session cookie expires, the signed-in hint is still there: the server answers 401.
    await context.clearCookies({ name: 'ff_session' });
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Your session has expired. Please log in again.');
    await expect(dialog.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2Fcheckout');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });

    dialog = await openDialog(page);
    await fillDetails(dialog);
    await dialog.getByRole('application').click();
    await context.clearCookies();
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('You need to be logged in to save addresses');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });
  });
});
