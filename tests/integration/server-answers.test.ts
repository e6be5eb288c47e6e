import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAnswerKinds, serverAnswers, type ServerAnswerKind } from '@/lib/server-answers';
import { launch, type StartedServer } from '../support/start-server';

// The server's own answers on the production server: a post its guards refuse, a method a page does not take.
// Each is the page Astro prerendered for it (src/pages/errors), in the site's layout, with the answer's status.
// In the browser (axe at both widths): tests/e2e/leads-guards.spec.ts.

let server: StartedServer;
beforeAll(async () => {
  // launch builds first when dist/ is not a build of the current sources (server/build.ts).
  server = await launch({ DATABASE_URL: '' });
}, 300_000);
afterAll(() => server?.stop());

const form = 'application/x-www-form-urlencoded';
const own = () => ({ Origin: server.url });

/** A request that gets each answer the server gives before Astro (the 503 needs a failing Astro: not here). */
const requests: Record<Exclude<ServerAnswerKind, 'unavailable'>, () => Promise<Response>> = {
  'other-site': () => fetch(`${server.url}/contact?form=contact`, { method: 'POST', headers: { Origin: 'https://evil.example', 'Content-Type': form }, body: 'a=b' }),
  'too-large': () => fetch(`${server.url}/contact?form=contact`, { method: 'POST', headers: { ...own(), 'Content-Type': form }, body: `message=${'z'.repeat(70 * 1024)}` }),
  'not-a-form': () => fetch(`${server.url}/contact?form=contact`, { method: 'POST', headers: { ...own(), 'Content-Type': 'text/plain' }, body: 'a=b' }),
  unreadable: () => fetch(`${server.url}/contact?form=contact`, { method: 'POST', headers: { ...own(), 'Content-Type': 'multipart/form-data; boundary=xyz' }, body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb' }),
  'not-allowed': () => fetch(`${server.url}/pricing`, { method: 'PUT', headers: own(), body: 'a=b' }),
};

describe('the server’s own answers', () => {
  it('covers every answer but the failure one with a request here', () => {
    expect(Object.keys(requests).sort()).toEqual(serverAnswerKinds.filter((k) => k !== 'unavailable').sort());
  });

  for (const [kind, request] of Object.entries(requests) as [ServerAnswerKind, () => Promise<Response>][]) {
    it(`${kind}: HTTP ${serverAnswers[kind].status}, the site's page with the answer, its CSP, not kept, not indexed`, async () => {
      const res = await request();
      const html = await res.text();
      const answer = serverAnswers[kind];
      expect(res.status).toBe(answer.status);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${answer.title}</h1>`));
      expect(html).toContain(answer.text);
      expect(html).toContain(`<title>${answer.title} | Postcraft</title>`);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toMatch(new RegExp(`<a [^>]*href="${answer.next.href}"[^>]*>${answer.next.label}</a>`));
      // The site's layout: its navigation and footer.
      expect(html).toContain('<footer');
      expect(html).toMatch(/<nav[^>]*aria-label="Main"/i);
    });
  }

  it('says which methods a page takes, and answers HEAD without a body', async () => {
    const put = await requests['not-allowed']();
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    const head = await new Promise<http.IncomingMessage>((resolve) => http.request(`${server.url}/api/leads/contact`, { method: 'HEAD' }, resolve).end());
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('POST');
    let bytes = 0;
    for await (const chunk of head) bytes += (chunk as Buffer).length;
    expect(bytes).toBe(0);
  });

  it('closes the connection after a refused post, and compresses the page when the client takes it', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) => {
      const req = http.request(`${server.url}/contact?form=contact`, { method: 'POST', headers: { Origin: 'https://evil.example', 'Content-Type': form, 'Accept-Encoding': 'br' } }, resolve);
      req.end('a=b');
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers.connection).toBe('close');
    expect(res.headers['content-encoding']).toBe('br');
    res.resume();
  });

  it('does not serve those pages at their own addresses', async () => {
    for (const kind of serverAnswerKinds) {
      expect((await fetch(`${server.url}/errors/${kind}`)).status, kind).toBe(404);
      const post = await fetch(`${server.url}/errors/${kind}?form=newsletter-footer`, { method: 'POST', headers: { ...own(), 'Content-Type': form }, body: 'email=a%40example.com' });
      expect(post.status, kind).toBe(404);
    }
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain('/errors/');
  });
});

/** A raw request (fetch refuses TRACE), its status line and headers. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<http.IncomingMessage & { text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve(Object.assign(res, { text })));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('what an attacker or a broken client sends (found by an audit, 28 Nov 2026)', () => {
  // A multipart body whose markers are in place but whose middle part has no headers.
  const brokenInside = '--XX\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--XX\r\ngarbage\r\n--XX--\r\n';
  const multipart = { 'Content-Type': 'multipart/form-data; boundary=XX' };

  it('a multipart body broken inside is unreadable (400, the page saying so), posted to a page or to the JSON endpoint', async () => {
    for (const path of ['/contact?form=contact', '/?form=newsletter-footer', '/api/leads/contact']) {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { ...own(), ...multipart }, body: brokenInside });
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toContain(serverAnswers.unreadable.text);
    }
    expect(server.output()).not.toMatch(/RewriteWithBodyUsed|Failed to parse body as FormData|request failed/);
  });

  it('with the embedded database, a form\'s limit counts the posts with and without JavaScript together (5 a minute, not 5 each way)', async () => {
    const post = (path: string) => fetch(`${server.url}${path}`, { method: 'POST', headers: { ...own(), 'Content-Type': form }, body: 'name=Limit+Test&email=limit%40example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post('/agency?form=agency')).status);
    for (let i = 0; i < 3; i++) statuses.push((await post('/api/leads/agency')).status);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });

  it('TRACE is a method no page takes (405 with Allow), not a failure', async () => {
    for (const path of ['/nonexistent', '/staff', '/robots.txt']) {
      const res = await raw('TRACE', path);
      expect(res.statusCode, path).toBe(405);
      expect(res.headers.allow, path).toBe('GET, HEAD, POST');
    }
  });

  it('a status set by a page goes out with its own reason phrase, not "OK"', async () => {
    const res = await raw('POST', '/staff/sign-in', { ...own(), 'Content-Type': form }, '_action=signIn&email=nobody%40example.com&password=not-the-password-1');
    expect(res.statusCode).toBe(401);
    expect(res.statusMessage).toBe('Unauthorized');
    const verify = await raw('GET', '/newsletter/confirm?token=broken');
    expect(verify.statusCode).toBeGreaterThanOrEqual(400);
    expect(verify.statusMessage).toBe(http.STATUS_CODES[verify.statusCode!]);
  });

  it('the health probes carry the security headers too', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await raw('GET', path);
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['content-security-policy'], path).toMatch(/default-src 'self'/);
    }
  });

  it("Astro's image endpoint is not there: no image converted for anyone (a 404)", async () => {
    const res = await fetch(`${server.url}/_image?href=/og/about.png&w=901&f=avif&q=100`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('Page not found');
  });
});
