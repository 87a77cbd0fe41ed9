/**
 * `npm run catalog:import -- FILE.csv [--stock]`: loads a BigBasket-format catalogue CSV, or the
 * back office's export, into the shop's database (PGlite under PGLITE_DATA_DIR, or PostgreSQL
 * when DATABASE_URL is set), after applying pending migrations. Safe to re-run: products are
 * upserted by SKU (`sku`, else `BB-{index}`) and unchanged rows are left alone. The file's
 * `stock` column is written only with `--stock`. No row cap (the back office's upload has one). See src/features/catalog/server/import.ts and import-csv.ts for the rules.
 * The import is written to the audit log in its own transaction as "Command line: NAME"
 * (`--operator NAME`, else the OS user@host), as the back office's import is.
 *
 * On PGlite the shop's server must not be running on the same data folder (one process per
 * folder, enforced by its lock file): stop it first. Rows go on sale as the file says (the back
 * office's upload holds undeclared packaged products off sale; this does not); the summary ends
 * with how many packaged products on sale lack declarations and the back-office page that lists
 * them. Exit code 0 on success (even with skipped rows), 1 on error.
 */
import './quiet-logs.ts';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import { countUndeclaredOnSale, importCatalogCsv, MISSING_DECLARATIONS_PATH } from '#features/catalog/index.ts';
import { getConfig } from '#lib/config.ts';
import { type DatabaseHandle, getDatabaseHandle } from '#lib/db/index.ts';
import { lockDataDirOrExit } from './cli-database.ts';
import { takeOperator } from './cli-operator.ts';

const USAGE = 'Usage: npm run catalog:import -- FILE.csv [--stock] [--operator NAME]';
const { args, actor } = takeOperator(process.argv.slice(2), USAGE);
const updateStock = args.includes('--stock');
const file = args.find((a) => a !== '--' && a !== '--stock');
if (!file) {
  console.error(USAGE);
  process.exit(1);
}
if (!existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(1);
}

const config = getConfig();
const target = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${path.resolve(config.PGLITE_DATA_DIR)}`;
console.log(
  `Importing ${file} into ${target}${updateStock ? ', stock from the file' : ' (stock column ignored; --stock writes it)'}…`,
);

// One process per PGlite folder: refuse at once when the server (npm start) has it open.
lockDataDirOrExit();

const started = performance.now();
let handle: DatabaseHandle;
try {
  handle = await getDatabaseHandle({ purpose: 'tool' });
} catch (err) {
  console.error(`Could not open the database: ${(err as Error).message}`);
  process.exit(1);
}

const bar = process.stdout.isTTY
  ? new cliProgress.SingleBar(
      { format: 'Writing products [{bar}] {percentage}% | {value}/{total}', hideCursor: true },
      cliProgress.Presets.shades_classic,
    )
  : undefined;
let exitCode = 0;
try {
  const result = await importCatalogCsv(handle.db, createReadStream(file), {
    actor,
    updateStock,
    onProgress: (done, total) => {
      if (!bar) return;
      if (done === 0) bar.start(total, 0);
      else bar.update(done);
    },
  });
  bar?.stop();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Done in ${seconds} s: ${result.inserted} inserted, ${result.updated} updated, ${result.unchanged} unchanged, ${result.skipped.length} skipped.`,
  );
  for (const s of result.skipped)
    console.log(
      `  skipped row ${s.row}${s.sku ? ` (${s.sku}${s.name ? `, ${s.name}` : ''})` : ''}${s.column ? `, column ${s.column}` : ''}: ${s.reason}`,
    );
  // Rows are published as the file says; the shop's products on sale without the declarations
  // their listing must show are counted, with where staff complete them.
  const undeclared = await countUndeclaredOnSale(handle.db);
  console.log(
    undeclared === 0
      ? 'Every packaged product on sale has its declarations.'
      : `${undeclared === 1 ? '1 packaged product on sale lacks' : `${undeclared.toLocaleString('en-IN')} packaged products on sale lack`} declarations (maker, origin, net quantity, food mark, FSSAI licence or shelf life): complete them at ${new URL(MISSING_DECLARATIONS_PATH, config.SITE_URL).href}`,
  );
} catch (err) {
  bar?.stop();
  // The service's errors never carry SQL (see databaseReason); print the message only.
  const message = (err as Error).message;
  console.error(
    message.includes('nothing was written')
      ? `Import failed: ${message}`
      : `Import failed, nothing was written: ${message}`,
  );
  exitCode = 1;
} finally {
  await handle.close();
}
process.exit(exitCode);
