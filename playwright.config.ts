import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 3100);
export const e2eDataDir = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `postcraft-e2e-${port}`);

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  // A form's answer needs the island's code, the schema chunk and a round trip to the server; on a
  // shared 2-core machine with the other worker running axe on a whole page that took over 7 s once
  // (CI of e68fa25). The assertions are unchanged; they only wait longer before failing.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace with its screencast costs a third of the suite's CPU (measured 27 Nov 2026 on 13 form tests:
    // 47.5 s with it, 31.7 s without, Chromium's GPU process and the worker writing the frames). Kept on
    // failure for local runs; off in CI, whose test-results/ nobody opens (the log has each failure's
    // error and its page snapshot).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The production server as `npm start` runs it (the build first when it is not of the current
    // sources: `npm test` has made it already). ASTRO_OUT_DIR, when set, names the build folder
    // (astro.config.mjs and server/build.ts read it).
    command: 'node server/build.ts --if-needed --quiet && node $(cat server/node-flags) "${ASTRO_OUT_DIR:-dist}/app/main.mjs"',
    url: `http://127.0.0.1:${port}/robots.txt`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      // The staff tests insert backdated leads (2020); the daily purge would delete them mid-run. The purge
      // has its own tests (tests/integration/retention.test.ts).
      RETENTION_PURGE: '0',
      // Playwright fills a form faster than a person can: no minimum time to fill here (its own tests are in
      // tests/integration/spam.test.ts and test:hostile). The proof of work is the real one.
      SPAM_MIN_FILL_SECONDS: '0',
      // Every test's browser fetches its challenges from 127.0.0.1, many a minute across the workers: no limit
      // of /api/challenge here (its own test: tests/integration/challenge-limit.test.ts).
      CHALLENGE_RATE_LIMIT: '0',
      ...(process.env.ASTRO_OUT_DIR ? { ASTRO_OUT_DIR: process.env.ASTRO_OUT_DIR } : {}),
    },
  },
});
