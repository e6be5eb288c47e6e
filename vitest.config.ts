import { defineConfig } from 'vitest/config';

// Two projects: `npm run test:unit` (tests/unit: schemas, filters, content, messages; no database) and
// `npm run test:integration` (tests/integration: PGlite always, PostgreSQL too when DATABASE_URL is set;
// some start the production server or a worker). `npm test` (vitest run) runs both.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Three files at a time: most integration files wait (on servers they start, on timers, on PostgreSQL)
    // far more than they compute, so on a 2-core machine three overlap their waits; each file has its own
    // databases (copies of the run's templates) and its servers their own ports.
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        // Migrates the databases each file's database is copied from, once a run (tests/support/vitest-templates.ts).
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], globalSetup: ['tests/support/vitest-templates.ts'] },
      },
    ],
  },
});
