/**
 * The staff CLI (`npm run staff`) on a PGlite folder and on a PostgreSQL database that a running
 * shop uses at the same time, its changes audited as "Command line: NAME" (`--operator`, else the
 * OS user@host), and the staff session's limits on each database kind: 30 minutes idle, 12 hours
 * at most, ended by a removal or a role change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActorLabel } from '#features/admin/rules.ts';
import {
  createStaffSession,
  STAFF_SESSION_TTL_MS,
  staffForToken,
  staffIdleMs,
} from '#features/admin/server/session.ts';
import { addStaff, COMMAND_LINE, changeStaffRole, removeStaff } from '#features/admin/server/staff.ts';
import { type DatabaseHandle, openDatabase } from '#lib/db/index.ts';
import { auditLog, staff } from '#lib/db/schema.ts';
import { randomPhone } from '../helpers/api.ts';
import { createPostgresDatabase, createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { runProjectScript, type ScriptDatabase } from '../helpers/run-script.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { StaffClient } from './staff-helpers.ts';

/** Runs `scripts/staff.ts` with `args` against a database; returns its exit code and output. */
const staffCli = (args: string[], db: ScriptDatabase) => runProjectScript('scripts/staff.ts', args, db);

/** Who the command line names without `--operator`: this OS user at this host. */
const OS_OPERATOR = `${os.userInfo().username}@${os.hostname()}`;

describe('npm run staff on a PGlite folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'farmfresh-staff-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('adds, lists and removes staff, and keeps the last owner', async () => {
    const db = { dataDir };
    // Bad input is refused before the database opens.
    const badRole = await staffCli(['add', '+919847012347', '--name', 'X', '--role', 'boss'], db);
    expect(badRole.code).toBe(2);
    expect(badRole.err).toContain('Choose a role');
    expect((await staffCli(['add'], db)).code).toBe(2);

    const owner = await staffCli(['add', '98470 12345', '--name', 'Lakshmi Nair', '--role', 'owner'], db);
    expect(owner.code, owner.err).toBe(0);
    expect(owner.out).toContain('Added Lakshmi Nair (Owner, +919847012345)');
    expect((await staffCli(['add', '+919847012346', '--name', 'Ravi', '--role', 'manager'], db)).code).toBe(0);

    const listed = await staffCli(['list'], db);
    expect(listed.out).toMatch(/\+919847012345\s+Owner\s+Lakshmi Nair/);
    expect(listed.out).toMatch(/\+919847012346\s+Manager\s+Ravi/);

    const removed = await staffCli(['remove', '+919847012346', '--operator', 'Asha'], db);
    expect(removed.code).toBe(0);
    expect(removed.out).toContain('Removed Ravi');
    const last = await staffCli(['remove', '+919847012345'], db);
    expect(last.code).toBe(1);
    expect(last.err).toContain('at least one owner');
    expect((await staffCli(['list', '--operator', ' '], db)).code).toBe(2);

    // Each change is in the audit log as the command line's, naming who ran it.
    const handle = await openDatabase({ pgliteDataDir: dataDir, databaseUrl: '' });
    try {
      const entries = await handle.db.select().from(auditLog).orderBy(asc(auditLog.id));
      expect(entries.map((e) => [e.action, e.role, e.staffId, e.operator])).toEqual([
        ['staff.added', 'cli', null, OS_OPERATOR],
        ['staff.added', 'cli', null, OS_OPERATOR],
        ['staff.removed', 'cli', null, 'Asha'],
      ]);
      expect(auditActorLabel(entries[2]!)).toBe('Command line: Asha');
    } finally {
      await handle.close();
    }
  }, 240_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run staff on PostgreSQL while the shop runs', () => {
  let server: RunningServer;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'never' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it('makes the first owner, who signs in at once; removing them ends the session', async () => {
    const phone = randomPhone();
    const added = await staffCli(['add', phone, '--name', 'First Owner', '--role', 'owner', '--operator', 'Asha'], {
      url,
    });
    expect(added.code, added.err).toBe(0);
    const owner = new StaffClient(server.baseUrl);
    await owner.signIn(phone);
    expect((await owner.get('/api/admin/me')).body.data.staff).toMatchObject({ name: 'First Owner', role: 'owner' });
    expect((await staffCli(['add', randomPhone(), '--name', 'Second', '--role', 'owner'], { url })).code).toBe(0);
    const log = (await owner.get('/api/admin/audit?record_type=staff')).body.data.entries.filter(
      (e: { action: string }) => e.action === 'staff.added',
    );
    expect(log.map((e: { role: string; operator: string }) => [e.role, e.operator])).toEqual([
      ['cli', OS_OPERATOR],
      ['cli', 'Asha'],
    ]);
    expect((await staffCli(['remove', phone], { url })).code).toBe(0);
    expect((await owner.get('/api/admin/me')).status).toBe(401);
    const audit = (await staffCli(['list'], { url })).out;
    expect(audit).not.toContain('First Owner');
  }, 120_000);
});

describe.each(testDatabaseKinds())('staff session limits on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => handle?.close());

  const newMember = (role: 'owner' | 'packer' = 'packer') =>
    addStaff(handle.db, { name: 'Session Test', mobile: randomPhone(), role }, COMMAND_LINE);

  it('ends a session after 30 minutes without a request, and keeps it while in use', async () => {
    const member = await newMember();
    const t0 = new Date('2026-01-10T03:00:00Z');
    const { token } = await createStaffSession(handle.db, member, t0);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const idle = staffIdleMs();
    expect(await staffForToken(handle.db, token, at(idle - 60_000))).toMatchObject({ id: member.id });
    // Used 29 minutes in: alive 29 minutes after that, though 58 minutes after sign-in.
    expect(await staffForToken(handle.db, token, at(2 * idle - 120_000))).not.toBeNull();
    expect(await staffForToken(handle.db, token, at(3 * idle))).toBeNull();
  });

  it('ends a session after 12 hours however busy', async () => {
    const member = await newMember();
    const t0 = new Date('2026-01-11T03:00:00Z');
    const { token } = await createStaffSession(handle.db, member, t0);
    for (let ms = 20 * 60_000; ms < STAFF_SESSION_TTL_MS; ms += 20 * 60_000) {
      expect(await staffForToken(handle.db, token, new Date(t0.getTime() + ms))).not.toBeNull();
    }
    expect(await staffForToken(handle.db, token, new Date(t0.getTime() + STAFF_SESSION_TTL_MS + 1000))).toBeNull();
  });

  it('ends every session of a member whose role changes or who is removed, even a changed row alone', async () => {
    const member = await newMember();
    const now = new Date();
    const a = await createStaffSession(handle.db, member, now);
    await changeStaffRole(handle.db, member.id, 'manager', COMMAND_LINE);
    expect(await staffForToken(handle.db, a.token, now)).toBeNull();
    const b = await createStaffSession(handle.db, { id: member.id, role: 'manager' }, now);
    await removeStaff(handle.db, member.id, COMMAND_LINE);
    expect(await staffForToken(handle.db, b.token, now)).toBeNull();
    // A role changed without the service (no revocation) still ends the session: the roles differ.
    const other = await newMember();
    const c = await createStaffSession(handle.db, other, now);
    await handle.db.update(staff).set({ role: 'rider' }).where(eq(staff.id, other.id));
    expect(await staffForToken(handle.db, c.token, now)).toBeNull();
  });
});
