// Prints one closing line for the whole test run: "tests: N passed, N failed, N skipped".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);
try {
  const v = JSON.parse(fs.readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numRuntimeErrorTestSuites ?? 0);
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} catch {
  failed += 1; // no report: the runner itself failed
}
try {
  const p = JSON.parse(fs.readFileSync(playwrightFile, 'utf8'));
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky;
  skipped += p.stats.skipped;
  if (p.errors?.length) failed += p.errors.length;
} catch {
  failed += 1;
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
