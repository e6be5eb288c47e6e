// Builds the production bundle unless .next already holds a build of the current sources.
import { spawnSync } from 'node:child_process';
import { buildIsCurrent, markBuilt, root } from './build-state.mjs';

export function buildIfNeeded({ quiet = false } = {}) {
  if (buildIsCurrent()) {
    if (!quiet) console.log('Production build is current.');
    return;
  }
  console.log('Building the site (next build)...');
  const result = spawnSync(process.execPath, [`${root}/node_modules/next/dist/bin/next`, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('postcraft: the build failed (see above).');
    process.exit(result.status ?? 1);
  }
  markBuilt();
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
