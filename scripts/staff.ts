/**
 * Staff accounts on the command line (the first owner is made here; owners manage the rest at /admin/staff).
 *   npm run staff -- add <mobile> --name "<name>" --role owner|manager|packer|rider [--operator NAME]
 *   npm run staff -- list
 *   npm run staff -- remove <mobile> [--operator NAME]
 * Changes are written to the audit log as made by "Command line: NAME" (`--operator`, else the OS
 * user@host, cli-operator.ts); removing someone ends their sessions at once. Uses DATABASE_URL (also while the shop runs on it), else the PGlite data dir
 * (stop `npm start` first on PGlite).
 */
import { parseArgs } from 'node:util';
import { addStaff, findStaffByPhone, listStaff, removeStaff } from '#features/admin/index.ts';
import { newStaffSchema, ROLE_LABELS, staffMobile } from '#features/admin/rules.ts';
import { migrateDatabase } from '#lib/db/index.ts';
import { AppError } from '#lib/http/envelope.ts';
import { openDatabaseForCli } from './cli-database.ts';
import { takeOperator } from './cli-operator.ts';

const USAGE =
  'Usage: npm run staff -- add <mobile> --name "<name>" --role owner|manager|packer|rider | list | remove <mobile>  [--operator NAME]';

const { args, actor } = takeOperator(process.argv.slice(2), USAGE);
const { positionals, values } = parseArgs({
  args,
  allowPositionals: true,
  options: { name: { type: 'string' }, role: { type: 'string' } },
});
const [command, mobile] = positionals;

/** The first issue of a failed parse, as one line. */
const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Invalid input';

if (!['add', 'list', 'remove'].includes(command ?? '') || (command !== 'list' && !mobile)) {
  console.error(USAGE);
  process.exit(2);
}
// Input is checked before the database opens.
const newMember =
  command === 'add' ? newStaffSchema.safeParse({ name: values.name ?? '', mobile, role: values.role ?? '' }) : null;
const phone = command === 'remove' ? staffMobile.safeParse(mobile) : null;
const invalid = (newMember && !newMember.success && newMember.error) || (phone && !phone.success && phone.error);
if (invalid) {
  console.error(`${firstIssue(invalid)}\n${USAGE}`);
  process.exit(2);
}

const handle = await openDatabaseForCli();
try {
  await migrateDatabase(handle);
  const db = handle.db;
  if (command === 'list') {
    const members = await listStaff(db);
    if (!members.length)
      console.log('No staff yet. Add the first owner with: npm run staff -- add <mobile> --name "<name>" --role owner');
    for (const m of members) console.log(`${m.phone}\t${ROLE_LABELS[m.role].padEnd(8)}\t${m.name}`);
  } else if (newMember?.success) {
    const added = await addStaff(db, newMember.data, actor);
    console.log(`Added ${added.name} (${ROLE_LABELS[added.role]}, ${added.phone}): they can sign in at /admin/login.`);
  } else if (phone?.success) {
    const member = await findStaffByPhone(db, phone.data);
    if (!member) {
      console.error(`No staff member has the mobile ${phone.data}.`);
      process.exitCode = 1;
    } else {
      await removeStaff(db, member.id, actor);
      console.log(`Removed ${member.name} (${member.phone}); their sessions have ended.`);
    }
  }
} catch (err) {
  console.error(err instanceof AppError ? err.message : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
