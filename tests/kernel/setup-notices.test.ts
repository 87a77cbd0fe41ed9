/**
 * Setup notices: every registered check's notices, in order; a check that throws is left out
 * and the others still show.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '#lib/db/index.ts';
import { registerSetupNotices, setupNotices } from '#lib/setup-notices.ts';

describe('setup notices', () => {
  it('gathers the notices of every check, leaving out a check that fails', async () => {
    registerSetupNotices(() => [{ message: 'SHOP_LEGAL_NAME is not set.', permission: 'staff.manage' }]);
    registerSetupNotices(async () => {
      throw new Error('database down');
    });
    registerSetupNotices(async () => [
      {
        message: '3 products lack declarations.',
        permission: 'products.manage',
        link: { href: '/admin/products', text: 'Show them' },
      },
    ]);
    const notices = await setupNotices({} as Database);
    expect(notices.map((n) => n.message)).toEqual(['SHOP_LEGAL_NAME is not set.', '3 products lack declarations.']);
  });
});
