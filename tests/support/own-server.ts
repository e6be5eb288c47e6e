// A production server with a PostgreSQL database of its own, for an end-to-end spec whose checks read what
// the server stored or counted and must not see another spec's leads, views or notifications.
import pg from 'pg';
import { startServer, type ServerEnv, type StartedServer } from './start-server';
import { createTempPostgres } from './vitest-databases';

/**
 * A desktop browser's User-Agent, for requests that should count as a visitor's page view: Playwright's own
 * says HeadlessChrome, which the page counts take for a robot (lib/analytics/page-views.ts).
 */
export const desktopChrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

export type OwnServer = {
  server: StartedServer;
  /** A small pool on the server's database, for the spec's own queries. */
  db: pg.Pool;
  databaseUrl: string;
  /** Stops the server, closes the pool and drops the database. */
  stop: () => Promise<void>;
};

/**
 * Starts the built server (as `npm start`, behind a trusted proxy so that each test context can carry its
 * own `X-Forwarded-For`) on a new temporary database on DATABASE_URL's server, with `env` added.
 */
export async function startOwnServer(env: ServerEnv = {}): Promise<OwnServer> {
  const temp = await createTempPostgres();
  if (!temp) throw new Error('These tests read what the server stored: run them with DATABASE_URL (npm test sets it).');
  const db = new pg.Pool({ connectionString: temp.url, max: 2 });
  // The database is dropped at the end (WITH (FORCE)). `pool.end()` resolves once it has asked its
  // connections to close, not once they have: one still open is then ended by the drop, and its error must
  // not end the test process. The pool forgets a connection it is closing, so each gets its own listener.
  db.on('error', () => {});
  db.on('connect', (client) => client.on('error', () => {}));
  let server: StartedServer;
  try {
    // OWN_SERVER_PORT: the port to take (default: any free one), on a machine whose ports are shared out.
    const port = process.env.OWN_SERVER_PORT ? { PORT: process.env.OWN_SERVER_PORT } : {};
    server = await startServer({ DATABASE_URL: temp.url, TRUST_PROXY: '1', ...port, ...env });
  } catch (err) {
    await db.end();
    await temp.drop();
    throw err;
  }
  return {
    server,
    db,
    databaseUrl: temp.url,
    stop: async () => {
      await server.stop();
      await db.end();
      await temp.drop();
    },
  };
}
