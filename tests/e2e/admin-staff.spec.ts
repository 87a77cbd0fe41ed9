/**
 * The owners' staff page: a role change waits for a confirmation that names its effect (cancelled,
 * nothing changes), and an owner's own row cannot be changed or removed. Axe finds no serious
 * issue on the page or the dialog.
 */
import { expect, test } from '@playwright/test';
import { STAFF, seriousViolations, staffSignInByApi } from './back-office-helpers.ts';
import { hydrated, origin, randomPhone } from './session-helpers.ts';

test('an owner changes a role only after confirming it, and cannot change their own', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffSignInByApi(page, STAFF.owner.mobile, origin());
  const name = `Packer ${randomPhone().slice(-4)}`;
  const added = await page.request.post('/api/admin/staff', {
    data: { name, mobile: randomPhone(), role: 'packer' },
    headers: origin(),
  });
  expect(added.status()).toBe(201);

  await page.goto('/admin/staff');
  await hydrated(page, 'StaffManager');
  const role = page.getByLabel(`Role of ${name}`);

  await role.selectOption({ label: 'Manager' });
  const dialog = page.getByRole('alertdialog', { name: 'Change role' });
  await expect(dialog).toContainText(`${name} will be manager instead of packer, and is signed out at once`);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'No, keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(role).toHaveValue('packer');

  await role.selectOption({ label: 'Manager' });
  await page
    .getByRole('alertdialog', { name: 'Change role' })
    .getByRole('button', { name: 'Change role', exact: true })
    .click();
  await expect(page.getByText(`${name} is now manager; they sign in again.`)).toBeVisible();
  await expect(role).toHaveValue('manager');

  // The owner's own row: no role change, no Remove.
  const me = page.getByRole('listitem').filter({ hasText: '(you)' });
  await expect(me.getByRole('combobox')).toBeDisabled();
  await expect(me.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await expect(me).toContainText('Another owner can change your role.');
  expect(await seriousViolations(page)).toEqual([]);

  const removed = await page.request.delete(`/api/admin/staff/${(await added.json()).data.staff.id}`, {
    headers: origin(),
  });
  expect(removed.status()).toBe(200);
});
