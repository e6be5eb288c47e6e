import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps src/lib at the bottom (eslint.config.mjs; docs/architecture.md, "Where things
// live"): a module of src/lib that imports from above it fails `npm run lint`, however the path is spelt.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function errorsOf(code: string, file = 'src/lib/leads/probe.ts') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
}

describe('src/lib imports nothing above it', () => {
  it('an import from src/content, src/components, src/pages or src/layouts fails, by alias or relative path', async () => {
    for (const spec of ['@/content/about', '../../content/about', '@/components/site/logo', '@/pages/sitemap.xml', '../../layouts/site-layout.astro', '@/middleware', '../../../server/lead-posts']) {
      expect(await errorsOf(`export * from '${spec}';\n`), spec).toEqual(['import-x/no-restricted-paths']);
    }
    expect(await errorsOf(`export const load = () => import('@/content/about');\n`)).toEqual(['import-x/no-restricted-paths']);
    expect(await errorsOf(`export type A = import('@/content/blog').Article;\n`)).toEqual(['no-restricted-syntax']);
  });

  it('lib itself, packages and the rest of the site are free to import', async () => {
    expect(await errorsOf(`export { site } from '@/lib/config/site';\nexport { kindDef } from '../leads/kinds';\nexport { z } from 'zod';\n`)).toEqual([]);
    expect(await errorsOf(`export { site } from '@/lib/config/site';\nexport { team } from '@/content/about';\n`, 'src/components/site/probe.ts')).toEqual([]);
  });
});
