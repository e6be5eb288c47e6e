// The page counts' part of test:hostile (docs/analytics.md, "Bounded"): 5,000 views of public pages, each
// with a made-up `utm_campaign` and from a made-up referring host, as a browser sends them, against a
// production server on PostgreSQL. Passes when every view was answered, they were all counted, and
// `page_views` grew by at most the day's cap of keys (PAGE_VIEWS_DAILY_KEYS, default 1,000) and the
// "none" and "other" keys of the pages flooded: the rest are counted under "(other)".
// Runs in the battery (battery.ts) and alone: `npx tsx tests/hostile/page-view-flood.ts`.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { defaultDailyKeys, otherValue } from '@/lib/analytics/page-view-keys';
import { onCleanup } from '../support/cleanup';
import { createTempDatabase } from '../support/suite-databases';
import { launch } from '../support/start-server';
import { runSuite, type Checks } from '../support/suite-runner';

const views = 5000;
const pages = ['/', '/pricing', '/features', '/partners', '/blog'];
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** GET `path` as a browser following a link from `referer`; the status (0 for a connection error). */
function view(agent: http.Agent, base: string, path: string, referer: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(new URL(path, base), { agent, headers: { 'User-Agent': browser, Accept: 'text/html', Referer: referer } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

type Table = { rows: number; views: number; other: number };

export async function pageViewFlood({ check }: Checks): Promise<void> {
  const db = await createTempDatabase('pageviews');
  // Counts written every half second, so that the flood spans many writes as it would in production.
  const server = await launch({ LOG_LEVEL: 'error', DATABASE_URL: db.url, PAGE_VIEWS_FLUSH_MS: '500', RETENTION_PURGE: '0' });
  const stopServer = onCleanup('server (page view flood)', () => server.stop());
  const client = new pg.Client(db.url);
  await client.connect();
  onCleanup('database client (page view flood)', () => client.end());
  const table = async (): Promise<Table> =>
    (
      await client.query<Table>(
        `select count(*)::int as rows, coalesce(sum(views), 0)::int as views, coalesce(sum(views) filter (where campaign = $1 and referrer_host = $1), 0)::int as other from page_views`,
        [otherValue],
      )
    ).rows[0];
  const before = await table();

  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const run = randomUUID().slice(0, 8);
  const statuses = new Map<number, number>();
  const days = new Set<string>();
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = next++; i < views; i = next++) {
        days.add(new Date().toISOString().slice(0, 10));
        const status = await view(agent, server.url, `${pages[i % pages.length]}?utm_source=flood&utm_campaign=flood-${run}-${i}`, `https://h${i}-${run}.attacker.example/post`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  agent.destroy();
  // Stopping the server writes the last counts.
  await server.stop();
  stopServer();
  const after = await table();

  const answered = statuses.get(200) ?? 0;
  check(`page view flood: ${views} views with made-up campaigns and referrers answered`, answered === views, `${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')} in ${seconds.toFixed(0)} s`);
  check('page view flood: every view counted', after.views - before.views === views, `${after.views - before.views} counted`);
  // Per day: the cap's keys, and the "none" and "other" keys of each page (a run across midnight has two days).
  const bound = days.size * (defaultDailyKeys + 2 * pages.length);
  const grown = after.rows - before.rows;
  check(
    `page view flood: page_views grew by at most ${bound.toLocaleString('en')} rows (${defaultDailyKeys.toLocaleString('en')} keys a day and each page's "none" and "other")`,
    grown <= bound && after.other - before.other >= views - bound,
    `${grown.toLocaleString('en')} rows added for ${views.toLocaleString('en')} distinct keys; ${(after.other - before.other).toLocaleString('en')} views counted as "${otherValue}"`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runSuite('test:hostile (page view flood)', pageViewFlood);
