import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: migrations are applied from code at start (server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './drizzle',
});
