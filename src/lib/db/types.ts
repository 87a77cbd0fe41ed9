/**
 * The database's types, apart from the module that opens it (src/lib/db/index.ts), so code that
 * only takes a database as an argument (services, the demo-shop seed that index.ts loads) does not
 * import the opener back.
 */
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema.ts';

/** Drizzle database typed with our schema. The PGlite driver shares this query-builder API. */
export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle, usable wherever a Database is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
