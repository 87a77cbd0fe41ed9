import { defineConfig } from 'drizzle-kit';

/** drizzle-kit reads the one schema and writes SQL migrations to ./drizzle (committed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/lib/server/db/schema.ts',
  out: './drizzle',
});
