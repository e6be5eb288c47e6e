import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Upgrades without surgery (issue 33, part 8): no code of this repository edits a dependency's files or output
// (a patch tool, an install script, a Vite plugin that transforms modules of node_modules), and nothing reads
// Astro's internal cache of the content (its data store file under .astro/): each of those can break on any
// minor upgrade. The content is read from its files (src/content/files.ts), Astro through its public APIs.
// This greps every file git tracks (the lock file aside), as `git grep` would.
const root = path.resolve(import.meta.dirname, '../..');
const self = path.relative(root, import.meta.filename);
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && f !== 'package-lock.json' && f !== self && fs.existsSync(path.join(root, f)) && fs.statSync(path.join(root, f)).isFile());
const text = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const code = tracked.filter((f) => /\.(c|m)?[jt]sx?$|\.astro$|\.sh$|\.json$/.test(f));

/** `file:line: text` for each line of `files` that matches `pattern`. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    text(file)
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 160)}`] : [])),
  );
}

// Spelt in pieces so that this file does not match itself.
const dataStore = new RegExp(['data', 'store\\.json'].join('-'));

describe('no code edits a dependency or reads its internal files', () => {
  it("nothing reads Astro's content data store (.astro/data-store.json)", () => {
    expect(linesMatching(tracked, dataStore)).toEqual([]);
  });

  it('no patch tool and no install script in package.json', () => {
    const pkg = JSON.parse(text('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const installHooks = ['preinstall', 'install', 'postinstall', 'prepare', 'prepublish', 'postprepare'];
    expect(Object.keys(pkg.scripts).filter((s) => installHooks.includes(s))).toEqual([]);
    const patchTools = ['patch-package', 'patch-package-ts', '@pnpm/patch', 'custompatch'];
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => patchTools.includes(d))).toEqual([]);
    expect(tracked.filter((f) => /^patches\/|\.patch$/.test(f))).toEqual([]);
    expect(linesMatching(code, /\bpatch-package\b|pnpm patch\b/)).toEqual([]);
  });

  it('no Vite plugin transforms modules (a transform hook could rewrite a dependency as it loads)', () => {
    // A `transform` hook is a plugin property (`transform(code, id)` or `transform: ...`); `.transform(` is zod's.
    const hook = /(^|[\s{,])transform\s*(\(|:\s*(async\s*)?(function|\())/;
    expect(linesMatching(code.filter((f) => !f.startsWith('tests/')), hook)).toEqual([]);
    expect(linesMatching(code, /\b(renderChunk|generateBundle|writeBundle)\s*\(/)).toEqual([]);
  });

  it("nothing writes into a dependency's folder (node_modules/.cache, the tools' cache folder, aside)", () => {
    const writes = /\b(writeFile|appendFile|copyFile|rename|rm|unlink|cp)(Sync)?\([^)]*node_modules(?![/'"`, +]*\.cache)/;
    expect(linesMatching(code, writes)).toEqual([]);
  });

  it('the guards find what they look for', () => {
    expect(dataStore.test(`fs.readFileSync('.astro/${'data'}-store.json')`)).toBe(true);
    expect(/(^|[\s{,])transform\s*(\(|:\s*(async\s*)?(function|\())/.test('  transform(code, id) {')).toBe(true);
    expect(/(^|[\s{,])transform\s*(\(|:\s*(async\s*)?(function|\())/.test("z.string().transform((s) => s)")).toBe(false);
  });
});
