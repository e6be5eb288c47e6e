import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./lib/db/schema.ts', './lib/db/staff-schema.ts', './lib/db/outbox-schema.ts'],
  out: './lib/db/migrations',
});
