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
    // One file at a time: the integration files open databases and start servers on a 2-core machine.
    fileParallelism: false,
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
