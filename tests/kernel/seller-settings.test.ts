/**
 * The seller's details every page shows: the demo shop's made-up values in demo mode and none
 * outside it until set (a production server's footer leaves them out), each checked for its
 * form (a 14-digit FSSAI licence, a real date, phone numbers and e-mail addresses), and, in
 * production outside demo mode, a start-up warning and an owner's setup notice naming every one
 * still unset; an FSSAI licence past its last day is a notice in any mode. The warning is checked
 * on a started production server too.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '#lib/config/seller-settings.ts';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import { sellerSetupNotices, sellerStartupWarning } from '#lib/seller.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { startServer } from '../helpers/server.ts';

const saved = { ...process.env };
const SELLER_VARIABLES = [
  'SHOP_LEGAL_NAME',
  'SHOP_ADDRESS',
  'SHOP_GSTIN',
  'SHOP_STATE_CODE',
  'SHOP_FSSAI_LICENCE',
  'SHOP_FSSAI_VALID_UNTIL',
  'SHOP_PHONE',
  'SHOP_EMAIL',
  'SHOP_CARE_PHONE',
  'SHOP_CARE_EMAIL',
  'GRIEVANCE_OFFICER_NAME',
  'GRIEVANCE_OFFICER_DESIGNATION',
  'GRIEVANCE_OFFICER_PHONE',
  'GRIEVANCE_OFFICER_EMAIL',
];

/** A shop that has set every seller setting. */
const COMPLETE: Record<string, string> = {
  SHOP_LEGAL_NAME: 'Thrissur Greens LLP',
  SHOP_ADDRESS: 'Round North, Thrissur, Kerala 680020, India',
  SHOP_GSTIN: '32AAKFT1234L1Z2',
  SHOP_FSSAI_LICENCE: '11326099000123',
  SHOP_FSSAI_VALID_UNTIL: '2031-06-30',
  SHOP_CARE_PHONE: '+91 487 233 4455',
  SHOP_CARE_EMAIL: 'care@thrissurgreens.in',
  GRIEVANCE_OFFICER_NAME: 'Meera Nair',
  GRIEVANCE_OFFICER_DESIGNATION: 'Customer Relations Manager',
  GRIEVANCE_OFFICER_PHONE: '+91 487 233 4466',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@thrissurgreens.in',
};

/** The configuration under `env` (on top of a production environment with no seller setting), or the error it throws. */
function configWith(env: Record<string, string>) {
  process.env = { ...saved, NODE_ENV: 'production', DEMO_MODE: 'false', SMS_SENDER: '', PAYMENT_GATEWAY: '', ...env };
  for (const name of SELLER_VARIABLES) if (!(name in env)) delete process.env[name];
  resetConfigForTests();
  return getConfig();
}

function problem(env: Record<string, string>): string {
  try {
    configWith(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

beforeEach(() => resetConfigForTests());
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

describe('seller settings', () => {
  it('default to the demo shop’s details in demo mode only, the care contacts to the shop’s contacts', () => {
    const demo = configWith({ DEMO_MODE: 'true' });
    expect(demo.SHOP_LEGAL_NAME).toBe('FarmFresh Grocers Private Limited');
    expect(demo.SHOP_FSSAI_LICENCE).toBe(DEMO_SELLER.SHOP_FSSAI_LICENCE);
    expect(demo.SHOP_FSSAI_VALID_UNTIL).toBe('2030-03-31');
    expect(demo.GRIEVANCE_OFFICER_NAME).toBe('Anjali Menon');
    expect(demo.GRIEVANCE_OFFICER_EMAIL).toBe(DEMO_SELLER.GRIEVANCE_OFFICER_EMAIL);
    expect(configWith({ ...COMPLETE, DEMO_MODE: 'true' }).SHOP_LEGAL_NAME).toBe('Thrissur Greens LLP');
    const c = configWith({ SHOP_PHONE: '+91 487 200 1234', SHOP_EMAIL: 'hello@shop.example' });
    for (const name of Object.keys(DEMO_SELLER) as (keyof typeof DEMO_SELLER)[]) expect(c[name], name).toBeUndefined();
    expect(c.SHOP_CARE_PHONE).toBe('+91 487 200 1234');
    expect(c.SHOP_CARE_EMAIL).toBe('hello@shop.example');
    expect(configWith(COMPLETE).SHOP_CARE_PHONE).toBe('+91 487 233 4455');
  });

  it('refuse a malformed value, naming the variable', () => {
    expect(problem({ SHOP_FSSAI_LICENCE: '1132609900012' })).toContain(
      'SHOP_FSSAI_LICENCE: the 14-digit FSSAI licence number',
    );
    expect(problem({ SHOP_FSSAI_LICENCE: '11326O99000123' })).toContain('SHOP_FSSAI_LICENCE');
    expect(problem({ SHOP_FSSAI_VALID_UNTIL: '31/03/2030' })).toContain(
      'SHOP_FSSAI_VALID_UNTIL: a date written YYYY-MM-DD',
    );
    expect(problem({ SHOP_FSSAI_VALID_UNTIL: '2030-02-30' })).toContain(
      'SHOP_FSSAI_VALID_UNTIL: not a date in the calendar',
    );
    expect(problem({ GRIEVANCE_OFFICER_EMAIL: 'grievance at shop' })).toContain('GRIEVANCE_OFFICER_EMAIL');
    expect(problem({ GRIEVANCE_OFFICER_PHONE: 'call the shop' })).toContain('GRIEVANCE_OFFICER_PHONE');
    expect(problem(COMPLETE)).toBe('');
  });
});

describe('what the shop still lacks', () => {
  const now = new Date('2026-12-06T10:00:00Z');

  it('in production, names every unset setting in one warning line and one notice for the owner', () => {
    const c = configWith({ SHOP_PHONE: '+91 487 200 1234' });
    const warning = sellerStartupWarning(c, now);
    expect(warning).not.toContain('\n');
    for (const name of [
      'SHOP_LEGAL_NAME',
      'SHOP_ADDRESS',
      'SHOP_GSTIN',
      'SHOP_FSSAI_LICENCE',
      'SHOP_FSSAI_VALID_UNTIL',
      'SHOP_CARE_EMAIL',
      'GRIEVANCE_OFFICER_NAME',
      'GRIEVANCE_OFFICER_DESIGNATION',
      'GRIEVANCE_OFFICER_PHONE',
      'GRIEVANCE_OFFICER_EMAIL',
    ])
      expect(warning).toContain(name);
    // SHOP_PHONE serves as the customer-care phone.
    expect(warning).not.toContain('SHOP_CARE_PHONE');
    const notices = sellerSetupNotices(c, now);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.permission).toBe('staff.manage');
    expect(notices[0]!.message).toContain('GRIEVANCE_OFFICER_EMAIL');
  });

  it('is nothing once every setting is set, and nothing in demo mode', () => {
    const complete = configWith(COMPLETE);
    expect(sellerStartupWarning(complete, now)).toBeNull();
    expect(sellerSetupNotices(complete, now)).toEqual([]);
    const demo = configWith({ DEMO_MODE: 'true' });
    expect(sellerStartupWarning(demo, now)).toBeNull();
    expect(sellerSetupNotices(demo, now)).toEqual([]);
  });

  it('says when the FSSAI licence has expired, from the day after its last valid day in India', () => {
    const c = configWith({ ...COMPLETE, SHOP_FSSAI_VALID_UNTIL: '2026-12-05' });
    // 5 December, 11:59 PM in India: still valid.
    expect(sellerSetupNotices(c, new Date('2026-12-05T18:29:00Z'))).toEqual([]);
    // 6 December, 12:01 AM in India: expired.
    const notices = sellerSetupNotices(c, new Date('2026-12-05T18:31:00Z'));
    expect(notices.map((n) => n.message)).toEqual([
      'The FSSAI licence expired after 2026-12-05: renew it and set SHOP_FSSAI_LICENCE and SHOP_FSSAI_VALID_UNTIL.',
    ]);
    expect(sellerStartupWarning(c, now)).toBe('FSSAI licence expired after 2026-12-05');
  });
});

describe.each(testDatabaseKinds())('a production server on %s', (kind) => {
  /** The server's log lines from start-up until ready, started in production with `env`. */
  async function startUpLog(env: Record<string, string>): Promise<string[]> {
    const db = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    const logs: string[] = [];
    const server = await startServer(
      { DEMO_MODE: '', PAYMENT_GATEWAY: '', ...(db ? { DATABASE_URL: db.url } : {}), ...env },
      { logs },
    );
    await server.stop();
    await db?.drop();
    return logs;
  }

  it('warns at start, in one line, naming the seller settings still unset', async () => {
    const lines = (await startUpLog({ SHOP_PHONE: '+91 487 200 1234' })).filter((l) => l.includes('seller settings'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('SHOP_LEGAL_NAME');
    expect(lines[0]).toContain('GRIEVANCE_OFFICER_EMAIL');
    expect(lines[0]).not.toContain('SHOP_CARE_PHONE');
  }, 120_000);

  it('leaves the made-up seller out of a page’s footer until set, and shows the shop’s own once set', async () => {
    const db = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    const footerOf = async (env: Record<string, string>) => {
      const server = await startServer({
        DEMO_MODE: '',
        PAYMENT_GATEWAY: '',
        ...(db ? { DATABASE_URL: db.url } : {}),
        ...env,
      });
      try {
        const html = await (await fetch(`${server.baseUrl}/cart`)).text();
        return html.slice(html.indexOf('<footer'));
      } finally {
        await server.stop();
      }
    };
    try {
      const unset = await footerOf({});
      for (const value of Object.values(DEMO_SELLER).filter((v) => v !== 'Grievance Officer'))
        expect(unset).not.toContain(value);
      expect(unset).not.toContain('FSSAI licence no.');
      expect(unset).toMatch(/Grievance officer<\/h2>\s*<p[^>]*>Not provided yet<\/p>/);
      const set = await footerOf(COMPLETE);
      expect(set).toContain('Thrissur Greens LLP');
      expect(set).toContain('FSSAI licence no. 11326099000123, valid until 30 June 2031');
      expect(set).toContain('Meera Nair');
      expect(set).not.toContain('Not provided yet');
    } finally {
      await db?.drop();
    }
  }, 120_000);

  it('says nothing about them once every one is set', async () => {
    const lines = await startUpLog({ ...COMPLETE, SHOP_PHONE: '+91 487 200 1234', SHOP_EMAIL: 'hi@shop.in' });
    expect(lines.filter((l) => /seller settings|FSSAI/.test(l))).toEqual([]);
  }, 120_000);
});
