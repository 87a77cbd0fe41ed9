/**
 * Scratch databases on a PostgreSQL server (tests and the bench): a new, uniquely named, empty
 * database on the server of `adminUrl`, its URL, and a function that drops it again (closing
 * whatever connections are left). Never used by the shop itself.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates `<prefix>_<time>_<random>` on adminUrl's server; returns its URL and a dropper. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
