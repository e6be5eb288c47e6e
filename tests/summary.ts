// Prints one closing line for the whole test run: "tests: N passed, N failed, N skipped".
// Usage (tests/run.sh): tsx tests/summary.ts <vitest JSON report> <playwright JSON report>...
import fs from 'node:fs';

type VitestReport = { numPassedTests: number; numFailedTests: number; numRuntimeErrorTestSuites?: number; numPendingTests: number; numTodoTests?: number };
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; errors?: unknown[] };

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, ...playwrightFiles] = process.argv.slice(2);
try {
  const v = JSON.parse(fs.readFileSync(vitestFile, 'utf8')) as VitestReport;
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numRuntimeErrorTestSuites ?? 0);
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} catch {
  failed += 1; // no report: the runner itself failed
}
for (const file of playwrightFiles) {
  try {
    const p = JSON.parse(fs.readFileSync(file, 'utf8')) as PlaywrightReport;
    passed += p.stats.expected;
    failed += p.stats.unexpected + p.stats.flaky;
    skipped += p.stats.skipped;
    if (p.errors?.length) failed += p.errors.length;
  } catch {
    failed += 1;
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
