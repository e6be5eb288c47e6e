// One transaction on either kind of database handle, for code that works with plain statements
// (`Queryable`) rather than Drizzle: PGlite's own transaction, or a connection of the pool held for it.
import type { DbHandle, Queryable } from './connection';

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(handle: DbHandle, work: (tx: Queryable) => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return handle.client.transaction((tx) => work(tx as Queryable));
  const client = await handle.client.connect();
  try {
    await client.query('begin');
    const out = await work(client as Queryable);
    await client.query('commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
