import { defineConfig } from 'drizzle-kit';

/** drizzle-kit reads the one schema and writes SQL migrations to ./drizzle (committed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/lib/db/schema.ts',
  out: './drizzle',
});
