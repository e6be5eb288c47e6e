import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/lib/db/schema.ts', './src/lib/db/staff-schema.ts', './src/lib/db/outbox-schema.ts', './src/lib/db/conversation-schema.ts', './src/lib/db/assignment-schema.ts'],
  out: './src/lib/db/migrations',
});
