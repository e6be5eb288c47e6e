// @ts-check
// Keystatic, the content editor at /keystatic (keystatic.config.ts; README "Editing content"), mounted by
// `astro dev` only. `astro build` never loads @keystatic/astro, so the production site has no /keystatic or
// /api/keystatic route (they answer the site's 404) and ships none of the editor's code.
//
// Under `astro dev`:
// - every /keystatic and /api/keystatic response carries X-Robots-Tag: noindex (robots.txt disallows both);
// - the editor's pages get a Content-Security-Policy that differs from the site's (which `astro dev` sends as
//   a header too) in two points only: the page's own inline scripts (Astro's island loader) are allowed by
//   their SHA-256 hashes, and style-src allows 'unsafe-inline', since the editor's UI library (emotion)
//   writes <style> elements at run time. Nothing else of the site's pages changes. In GitHub mode the
//   editor also talks to GitHub from the browser: api.github.com and raw.githubusercontent.com
//   (connect-src), avatars (img-src) and github.com as a form target (creating the GitHub App).
import crypto from 'node:crypto';
import { loadEnv } from 'vite';

const editorPath = /^\/(api\/)?keystatic(\/|$)/;
const sha256 = (text) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/**
 * The site's policy with the editor's two exceptions (and GitHub's hosts in GitHub mode).
 * @param {string} policy the Content-Security-Policy the site's page would get
 * @param {string} html the editor page
 * @param {boolean} github GitHub mode
 */
export function editorPolicy(policy, html, github) {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1]));
  const extra = {
    'script-src': hashes,
    'connect-src': github ? ['https://api.github.com', 'https://raw.githubusercontent.com'] : [],
    'img-src': github ? ['https://avatars.githubusercontent.com'] : [],
    'form-action': github ? ['https://github.com'] : [],
  };
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const [name, ...sources] = d.split(/\s+/);
      // 'unsafe-inline' is ignored where a hash is listed: style-src keeps 'self' and allows inline styles.
      if (name === 'style-src') return `style-src ${sources.filter((s) => !s.startsWith("'sha")).join(' ')} 'unsafe-inline'`;
      return [name, ...sources, ...(extra[name] ?? [])].join(' ');
    });
  for (const [name, sources] of Object.entries(extra)) {
    if (sources.length && !directives.some((d) => d.split(' ')[0] === name)) directives.push(`${name} 'self' ${sources.join(' ')}`);
  }
  return directives.join('; ');
}

/**
 * Holds back an editor page until it is complete, then sends it with the editor's policy (Astro sends the
 * site's policy in writeHead, before the body that the hashes are computed from).
 * @param {import('node:http').ServerResponse} res
 * @param {boolean} github
 */
function rewritePolicyOnEnd(res, github) {
  /** @type {Buffer[]} */
  const chunks = [];
  let status = 200;
  const writeHead = res.writeHead.bind(res);
  const end = res.end.bind(res);
  // @ts-expect-error the overloads: (status, headers) is the form Astro's dev server uses
  res.writeHead = (code, ...rest) => {
    status = code;
    const headers = rest.find((r) => r && typeof r === 'object');
    if (headers && !Array.isArray(headers)) for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v);
    return res;
  };
  // @ts-expect-error the callback overloads are not used by Astro's dev server
  res.write = (chunk, encoding) => {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8'));
    return true;
  };
  // @ts-expect-error as above
  res.end = (chunk, encoding, callback) => {
    if (chunk && typeof chunk !== 'function') res.write(chunk, encoding);
    const body = Buffer.concat(chunks);
    const policy = res.getHeader('content-security-policy');
    if (typeof policy === 'string' && String(res.getHeader('content-type') ?? '').startsWith('text/html')) {
      res.setHeader('content-security-policy', editorPolicy(policy, body.toString('utf8'), github));
    }
    res.removeHeader('transfer-encoding');
    res.setHeader('content-length', body.length);
    writeHead(status);
    return end(body, typeof callback === 'function' ? callback : typeof chunk === 'function' ? chunk : undefined);
  };
}

/**
 * The integration: Keystatic's own (@keystatic/astro), under `astro dev` only, plus the headers above.
 * @returns {import('astro').AstroIntegration}
 */
export default function keystaticInDev() {
  return {
    name: 'postcraft:keystatic-dev',
    hooks: {
      'astro:config:setup': async (params) => {
        if (params.command !== 'dev') return;
        const { default: keystatic } = await import('@keystatic/astro');
        await keystatic().hooks['astro:config:setup']?.(params);
        // GitHub mode when KEYSTATIC_GITHUB_REPO (owner/name) is set, in the environment or in .env. The
        // config is also bundled for the browser, which has no process.env, so the value is written in.
        const env = { ...loadEnv('development', process.cwd(), 'KEYSTATIC_'), ...process.env };
        const repo = env.KEYSTATIC_GITHUB_REPO || '';
        params.updateConfig({
          vite: {
            define: { 'process.env.KEYSTATIC_GITHUB_REPO': JSON.stringify(repo) },
            plugins: [
              {
                name: 'postcraft:keystatic-headers',
                configureServer(server) {
                  server.middlewares.use((req, res, next) => {
                    const path = (req.url ?? '').split('?')[0];
                    if (!editorPath.test(path)) return next();
                    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
                    if (!path.startsWith('/api/') && req.method === 'GET') rewritePolicyOnEnd(res, Boolean(repo));
                    next();
                  });
                },
              },
            ],
          },
        });
      },
    },
  };
}
