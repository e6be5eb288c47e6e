import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passRenderOptions } from '../../src/integrations/react-render-to-string.mjs';

/**
 * src/integrations/react-render-to-string.mjs rewrites one expression of @astrojs/react's server renderer so
 * that islands rendered with renderToString keep their identifierPrefix. Checked against the installed
 * @astrojs/react, so that an upgrade that changes the expression fails here, not only in the build.
 */
const require = createRequire(import.meta.url);
const serverJs = path.join(path.dirname(require.resolve('@astrojs/react/package.json')), 'dist', 'server.js');
const installed = fs.readFileSync(serverJs, 'utf8');

describe('islands rendered to a string keep their identifierPrefix', () => {
  it('rewrites the installed @astrojs/react so that renderToString gets the render options, once', () => {
    const out = passRenderOptions(installed, serverJs);
    expect(out).toBeDefined();
    expect(out).toContain('ReactDOM.renderToString(vnode, renderOptions)');
    expect(out).not.toContain('ReactDOM.renderToString(vnode)');
    // The options it passes are the ones the stream gets: the island's prefix among them.
    expect(out).toMatch(/const renderOptions = \{\s*identifierPrefix: prefix/);
    expect(passRenderOptions(out!, serverJs)).toBeUndefined();
  });

  it('leaves every other module alone, and stops the build when the expression has changed', () => {
    expect(passRenderOptions(installed, '/app/src/components/x.tsx')).toBeUndefined();
    expect(() => passRenderOptions(installed.replace('ReactDOM.renderToString(vnode)', 'renderIt(vnode)'), serverJs)).toThrow(/react-render-to-string\.mjs/);
  });
});
