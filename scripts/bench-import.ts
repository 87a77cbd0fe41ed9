/**
 * `npm run bench:import [-- --rows N]`: how long the back office's catalogue import holds the
 * event loop. Builds a file of N rows (default 50,000, the upload's cap) in the export's columns,
 * then runs it through the upload's own steps in this process on a fresh in-memory PGlite (the
 * worst case: the database runs on the same thread): the request body read as the route reads it
 * (`readBodyBytesCapped`, 20 MB cap, outside the JavaScript heap), the rows counted against the
 * cap, then read again and written as they are read in the upload's batches (IMPORT_BATCH_ROWS) — once creating every product, once changing every
 * price. Meanwhile a timer asks the database a product's price every 20 ms, as a shopper's request
 * would. Prints, per run, the event loop's longest delay (perf_hooks.monitorEventLoopDelay) and the
 * slowest of those concurrent reads, and the most CPU time spent between two ticks of a 10 ms
 * timer (the work the loop could not interrupt, whatever else the machine runs), beside the same figures over 3 s with no import running
 * (on a busy machine the scheduler alone delays the loop; compare the two).
 */
import './quiet-logs.ts';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '#features/catalog/contract.ts';
import { csvPieces, EXPORT_COLUMNS, IMPORT_BATCH_ROWS, importCatalogCsv, readRows } from '#features/catalog/index.ts';
import { toCsv } from '#lib/csv.ts';
import { type Database, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { readBodyBytesCapped } from '#lib/http/envelope.ts';

const at = process.argv.indexOf('--rows');
const rowCount = at > 0 ? Number(process.argv[at + 1]) : MAX_IMPORT_ROWS;
if (!Number.isInteger(rowCount) || rowCount < 1) {
  console.error('Usage: npm run bench:import -- [--rows N]');
  process.exit(2);
}

/** A file of `rowCount` products in the export's columns, priced at `pricePaise`. */
function catalogueFile(pricePaise: number): string {
  const rupees = (pricePaise / 100).toFixed(2);
  const rows = Array.from({ length: rowCount }, (_, i) => [
    `BENCH-${i}`,
    '',
    `Bench product ${i} 500 g`,
    '',
    `Category ${i % 20}`,
    `Subcategory ${i % 200}`,
    `Brand ${i % 50}`,
    rupees,
    '99.00',
    'Type',
    4.2,
    true,
    false,
    5,
    '0702',
    500,
    'g',
    `Fresh from the farm, "graded" by hand.\nBatch ${i}.`,
    'Keep cool.',
    'Farm fresh\nNo pesticides',
    'emoji/1f345.svg',
    10,
  ]);
  return toCsv(EXPORT_COLUMNS, rows);
}

/** Runs `work` while sampling the event loop and a concurrent read; returns the figures in ms. */
async function measure(db: Database, work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let slowestRead = 0;
  let reads = 0;
  let running = true;
  const reader = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      await db.execute(sql`SELECT price_paise FROM products WHERE sku = 'BENCH-1'`);
      slowestRead = Math.max(slowestRead, performance.now() - started);
      reads++;
    }
  })();
  // CPU time this process spent between two ticks of a 10 ms timer: the longest stretch of work
  // the loop could not interrupt, without the time other processes held the CPU. (V8's helper
  // threads count too, so it is an upper bound.)
  let maxCpuPerTick = 0;
  let lastCpu = process.cpuUsage();
  const ticker = setInterval(() => {
    const cpu = process.cpuUsage(lastCpu);
    lastCpu = process.cpuUsage();
    maxCpuPerTick = Math.max(maxCpuPerTick, (cpu.user + cpu.system) / 1000);
  }, 10);
  histogram.enable();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  histogram.disable();
  clearInterval(ticker);
  running = false;
  await reader;
  return {
    seconds: seconds.toFixed(1),
    loopDelayMaxMs: (histogram.max / 1e6).toFixed(1),
    loopDelayP99Ms: (histogram.percentile(99) / 1e6).toFixed(1),
    concurrentReads: reads,
    slowestReadMs: slowestRead.toFixed(1),
    maxCpuBetweenTicksMs: maxCpuPerTick.toFixed(1),
  };
}

/** The upload's steps for `csv`: the body read as the route reads it, the rows counted, then written in batches. */
async function upload(db: Database, csv: string) {
  const encoded = new TextEncoder().encode(csv);
  const request = new Request('http://shop.local/api/admin/products/import', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    // The body arrives in 64 KB pieces, as from a socket.
    body: new ReadableStream({
      start(controller) {
        for (let at = 0; at < encoded.length; at += 65_536) controller.enqueue(encoded.subarray(at, at + 65_536));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
  const bytes = await readBodyBytesCapped(request, MAX_IMPORT_BYTES);
  const { records } = await readRows(csvPieces(bytes), { maxRows: MAX_IMPORT_ROWS, countOnly: true });
  return importCatalogCsv(db, csvPieces(bytes), { batchRows: IMPORT_BATCH_ROWS, total: records });
}

const handle = await openDatabase({ pgliteDataDir: 'memory://', databaseUrl: '' });
await migrateDatabase(handle);
try {
  // The same figures with no import running: what the machine itself adds (other processes, GC).
  const idle = await measure(handle.db, () => new Promise((resolve) => setTimeout(resolve, 3000)));
  console.log('idle, for comparison:  ', idle);
  const first = catalogueFile(4500);
  console.log(
    `${rowCount.toLocaleString('en-IN')} rows, ${(first.length / 1024 / 1024).toFixed(1)} MB, PGlite in memory`,
  );
  const created = await measure(handle.db, async () => {
    const result = await upload(handle.db, first);
    if (result.inserted !== rowCount) throw new Error(`expected ${rowCount} created, got ${result.inserted}`);
  });
  console.log('creating every product:', created);
  const second = catalogueFile(4400);
  const updated = await measure(handle.db, async () => {
    const result = await upload(handle.db, second);
    if (result.updated !== rowCount) throw new Error(`expected ${rowCount} updated, got ${result.updated}`);
  });
  console.log('changing every price:  ', updated);
} finally {
  await handle.close();
}
