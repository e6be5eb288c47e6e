import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { challengeLimitConfig } from '@/lib/spam/challenge-limit';
import { launch, type StartedServer } from '../support/start-server';
import { createTempDatabase, openEmbedded, poolQuery, type Query, type TempDatabase } from '../support/suite-databases';
import { validLead } from '../support/lead-samples';

// `GET /api/challenge` is limited per client address (lib/spam/challenge-limit.ts, docs/spam.md): a loop
// on it gets 429 with Retry-After and a JSON reason; the form's island then posts without a proof, and
// that post is stored with everything typed, held for review. On the production server, on both databases.

it('allows 60 challenges a minute per address by default, a number no person reaches', () => {
  expect(challengeLimitConfig({})).toEqual({ max: 60, windowSeconds: 60 });
  expect(challengeLimitConfig({ CHALLENGE_RATE_LIMIT: '0' }).max).toBe(0);
});

const databases = [{ name: 'PGlite', postgres: false }, ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

for (const database of databases) {
  describe(`the challenge limit on ${database.name}`, () => {
    let server: StartedServer;
    let temp: TempDatabase | undefined;
    beforeAll(async () => {
      temp = database.postgres ? await createTempDatabase('challenge_limit') : undefined;
      // Behind a trusted proxy, so that each request says which address it comes from.
      server = await launch({ DATABASE_URL: temp?.url ?? '', TRUST_PROXY: '1', CHALLENGE_RATE_LIMIT: '5', CHALLENGE_RATE_LIMIT_WINDOW: '60' });
    }, 300_000);
    afterAll(async () => {
      await server?.stop();
      await temp?.drop();
    });

    const challenge = (ip: string, method = 'GET') => fetch(`${server.url}/api/challenge`, { method, headers: { 'X-Forwarded-For': ip, Accept: 'application/json' } });

    it('answers an address its limit of challenges, then 429 with Retry-After and a JSON reason; another address is served', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => challenge('203.0.113.40')));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = answers.find((r) => r.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(await refused.json()).toMatchObject({ error: expect.stringMatching(/^Too many challenges/) });
      const head = await challenge('203.0.113.40', 'HEAD');
      expect([head.status, await head.text()]).toEqual([429, '']);
      // An IPv6 client counts for its /64: another address of it is refused too.
      for (let i = 0; i < 5; i++) expect((await challenge(`2001:db8:1:2::${i + 1}`)).status).toBe(200);
      expect((await challenge('2001:db8:1:2::ffff')).status).toBe(429);
      // A person elsewhere still gets one.
      const elsewhere = await challenge('198.51.100.7');
      expect(elsewhere.status).toBe(200);
      expect(Object.keys(await elsewhere.json()).sort()).toEqual(['parameters', 'signature']);
    });

    it('a form posted without a proof after a 429 keeps what was typed: stored, held for review', async () => {
      const ip = '203.0.113.41';
      for (let i = 0; i < 5; i++) await challenge(ip);
      expect((await challenge(ip)).status).toBe(429);
      const values = validLead('contact', `limited-${database.name.toLowerCase()}@example.com`);
      const posted = await fetch(`${server.url}/api/leads/contact`, {
        method: 'POST',
        headers: { Origin: server.url, 'X-Forwarded-For': ip, Accept: 'application/json' },
        body: new URLSearchParams({ ...values, submissionToken: crypto.randomUUID(), proof: '' }),
      });
      expect(posted.status).toBe(200);
      expect(await posted.json()).toMatchObject({ status: 'success' });

      let query: Query;
      let close: () => Promise<void>;
      if (temp) {
        const pool = new pg.Pool({ connectionString: temp.url, max: 1 });
        query = poolQuery(pool);
        close = () => pool.end();
      } else {
        await server.stop(); // the embedded database takes one process at a time
        ({ query, close } = await openEmbedded(server.dataDir));
      }
      try {
        const rows = await query(
          `select l.name, l.company, l.subject, l.message, s.verdict, s.reasons from contact_messages l join lead_screening s on s.lead_type = 'contact' and s.lead_id = l.id where l.email = $1`,
          [values.email],
        );
        expect(rows).toEqual([{ name: values.name, company: values.company, subject: values.subject, message: values.message, verdict: 'spam', reasons: ['no-proof'] }]);
      } finally {
        await close();
      }
    });
  });
}
