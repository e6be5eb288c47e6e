// test:hostile, the newsletter's emailed links (/newsletter/confirm, /newsletter/unsubscribe): tokens
// missing, cut, lengthened, flipped, re-pointed at another subscription, of the other purpose, or
// carrying NUL, SQL and markup; other methods. Every answer must be a clear 4xx page, and none may
// change a subscription. The real links of the battery's own confirmation emails then still work.
import pg from 'pg';
import type { ReceivedEmail } from '../support/notify-receivers';
import { textOf } from '../support/notify-receivers';
import { dropped, fail, inspectAnswer, note, skip, tally, type Answer } from './answers';

const refusedStatus = (r: Answer) => r.status === 400 || r.status === 405;

async function ask(base: string, path: string, method = 'GET', body?: string): Promise<Answer> {
  const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' };
  return fetch(new URL(path, base), { method, headers, body, redirect: 'manual' }).then(
    async (r) => ({ status: r.status, html: await r.text(), type: r.headers.get('content-type') }),
    dropped,
  );
}

/** The confirm and unsubscribe tokens of a confirmation email. */
function tokensOf(mail: ReceivedEmail): { confirm?: string; unsubscribe?: string } {
  const text = textOf(mail);
  const token = (purpose: string) => {
    const m = new RegExp(`/newsletter/${purpose}\\?token=([A-Za-z0-9_%.-]+)`).exec(text);
    return m ? decodeURIComponent(m[1]) : undefined;
  };
  return { confirm: token('confirm'), unsubscribe: token('unsubscribe') };
}

export async function newsletterLinkBattery(base: string, dbUrl: string, messages: ReceivedEmail[]): Promise<void> {
  const mails = messages.filter((m) => m.headers.some(([n]) => n === 'list-unsubscribe'));
  if (mails.length < 2) return skip(`newsletter links: ${mails.length} confirmation email(s) received, 2 needed`);
  const [a, b] = mails.map(tokensOf);
  if (!a.confirm || !a.unsubscribe || !b.confirm) return skip('newsletter links: no links found in the confirmation emails');
  const client = new pg.Client(dbUrl);
  await client.connect();
  try {
    const states = async () => (await client.query(`select id, status from newsletter_subscriptions order by id`)).rows.map((r) => `${r.id}:${r.status}`).join(',');
    const before = await states();

    const [payload, signature] = a.confirm.split('.');
    const [otherPayload] = b.confirm.split('.');
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
    const bad: [string, string | null][] = [
      ['no token', null],
      ['an empty token', ''],
      ['one character', 'x'],
      ['two dots', 'a.b.c'],
      ['a cut signature', `${payload}.${signature.slice(0, 10)}`],
      ['a flipped signature character', `${payload}.${flip(signature, 5)}`],
      ['a flipped payload character', `${flip(payload, 3)}.${signature}`],
      ["another subscription's payload with this signature", `${otherPayload}.${signature}`],
      ['a 10,000-character token', `${payload}.${'A'.repeat(10_000)}`],
      ['NUL bytes', `${payload}\u0000.${signature}`],
      ['SQL', "' or 1=1 --"],
      ['markup', '<script>alert(1)</script>'],
      ['an unsubscribe token', a.unsubscribe],
    ];
    for (const [what, token] of bad) {
      const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
      inspectAnswer(`GET /newsletter/confirm with ${what}`, await ask(base, `/newsletter/confirm${query}`), { mustRefuse: true, refused: refusedStatus });
      if (what === 'an unsubscribe token') continue; // a real token of the unsubscribe page itself
      inspectAnswer(`POST /newsletter/unsubscribe with ${what}`, await ask(base, `/newsletter/unsubscribe${query}`, 'POST', 'List-Unsubscribe=One-Click'), {
        mustRefuse: true,
        refused: refusedStatus,
      });
    }
    inspectAnswer('POST /newsletter/unsubscribe with a confirm token', await ask(base, `/newsletter/unsubscribe?token=${encodeURIComponent(a.confirm)}`, 'POST', 'x=1'), {
      mustRefuse: true,
      refused: refusedStatus,
    });
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      inspectAnswer(`${method} /newsletter/unsubscribe`, await ask(base, `/newsletter/unsubscribe?token=${encodeURIComponent(a.unsubscribe)}`, method, 'x=1'), {
        mustRefuse: true,
        refused: (r) => typeof r.status === 'number' && r.status >= 400 && r.status < 500,
      });
    }
    tally.total++;
    if ((await states()) !== before) fail('newsletter links', 'a refused link changed a subscription');

    // Opening the real confirmation link (GET, HEAD: what a mail scanner does) confirms nothing.
    inspectAnswer('GET /newsletter/confirm with its real token', await ask(base, `/newsletter/confirm?token=${encodeURIComponent(a.confirm)}`));
    await ask(base, `/newsletter/confirm?token=${encodeURIComponent(a.confirm)}`, 'HEAD');
    tally.total++;
    if ((await states()) !== before) fail('newsletter links', 'opening the confirmation link (GET or HEAD) confirmed the subscription: only the button (POST) may');
    // The real links still work: confirm (POST, the page's button), then the one-click unsubscribe of the same email.
    const confirmed = await ask(base, `/newsletter/confirm?token=${encodeURIComponent(a.confirm)}`, 'POST', 'x=1');
    inspectAnswer('POST /newsletter/confirm with its real token', confirmed);
    const left = await ask(base, `/newsletter/unsubscribe?token=${encodeURIComponent(a.unsubscribe)}`, 'POST', 'List-Unsubscribe=One-Click');
    inspectAnswer('POST /newsletter/unsubscribe with its real token (one-click)', left);
    tally.total++;
    if (confirmed.status !== 200 || !confirmed.html.includes('subscribed') || left.status !== 200 || !left.html.includes('unsubscribed')) {
      fail('newsletter links', `the real links did not work (confirm HTTP ${confirmed.status}, unsubscribe HTTP ${left.status})`);
    }
    note(`newsletter links: ${bad.length * 2 + 4} hostile requests to the confirm and unsubscribe links`);
  } finally {
    await client.end();
  }
}
