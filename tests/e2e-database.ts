// Used by `npm test` (tests/run.sh): the end-to-end server and tests get a PostgreSQL database of the run's
// own on DATABASE_URL's server, so that a run sees neither the rows nor the staff accounts of the runs before
// it (the shared database grew with each run: the assignment page listed every staff member ever created).
//   create <owner pid>  prints the new database's URL (an earlier run's database whose owner is gone is dropped)
//   drop <url>          drops it
import { createTempDatabase, dropDatabase } from './support/suite-databases';

const [command, arg] = process.argv.slice(2);
try {
  if (command === 'create' && Number(arg) > 0) console.log((await createTempDatabase('e2e', process.env.DATABASE_URL, { owner: Number(arg), keep: true })).url);
  else if (command === 'drop' && arg) await dropDatabase(arg);
  else throw new Error('usage: e2e-database.ts create <owner pid> | drop <url>');
} catch (err) {
  console.error(`npm test: the end-to-end database could not be ${command === 'drop' ? 'dropped' : 'made'} (${err instanceof Error ? err.message : String(err)})`);
  process.exit(1);
}
