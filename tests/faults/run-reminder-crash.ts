// The reminders' fault scenario alone (tests/faults/reminder-crash.ts), on a temporary database of DATABASE_URL's
// server: `npx tsx tests/faults/run-reminder-crash.ts`. `npm run test:faults` runs it with the others.
import { createTempDatabase } from '../support/suite-databases';
import { printTable, runSuite } from '../support/suite-runner';
import { reminderCrash } from './reminder-crash';

await runSuite('test:faults (reminders)', async ({ check }) => {
  const db = await createTempDatabase('faults_reminders');
  try {
    printTable([await reminderCrash(db.url, check)]);
  } finally {
    await db.drop();
  }
});
