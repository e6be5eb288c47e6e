// A page rendered for one request (a lead form's answer without JavaScript, a filtered list): the
// prerendered page with one part rendered again. It is compressed fast (brotli 4 or gzip 6), off the event
// loop, when the browser takes it, and carries the page's own CSP.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { withUpgrade } from './security-headers';
import { pickEncoding } from './static-files';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compress = {
  br: (b: Buffer) => brotli(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
  gzip: (b: Buffer) => gzip(b, { level: 6 }),
};

export async function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: { html: string; policy?: string; status?: number; cacheControl: string; https: boolean },
) {
  const html = Buffer.from(page.html);
  const encoding = pickEncoding(req);
  const sent = encoding ? await compress[encoding](html) : html;
  const headers: Record<string, string | number> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': sent.length,
    'Cache-Control': page.cacheControl,
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  if (page.policy) headers['Content-Security-Policy'] = withUpgrade(page.policy, page.https);
  res.writeHead(page.status ?? 200, headers);
  res.end(req.method === 'HEAD' ? undefined : sent);
}
