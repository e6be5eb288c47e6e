// `npm run bench:inbox [-- --n 1000000] [--views <rows>] [--pglite] [--runs 5] [--export-timeout 900] [--keep]`
// (a small run: `--n 20000`, which seeds 20,000 leads and 20,000 rows of page counts)
//
// How the staff area holds up with a large inbox. A fresh database (PostgreSQL: a temporary database on
// DATABASE_URL's server, default the local one; --pglite: the embedded database in a temporary DATA_DIR)
// gets the app's migrations (the production server is started on it once, then stopped), then N leads
// (default 1,000,000 on PostgreSQL, 100,000 on PGlite) seeded straight with SQL, a few big
// `insert ... select ... from generate_series(...)` statements:
// - kinds: partner 30 %, affiliate 20 %, agency 10 %, contact 40 %, received over the last two years;
// - people: one lead in seven comes from an earlier lead's person (the same address, name and company,
//   perhaps another kind), the others from a person of their own: about 0.86 N people;
// - distinct names, emails and companies per person, built from word lists and the person's series number
//   (the surname and the company's name are that number, scrambled, written in syllables: distinct up to
//   2^20 people, surnames up to 2^25), so that a name fragment, an exact email and a company fragment
//   each find a handful of leads;
// - triage: 5 % spam (held by the screening: verdict spam, reason no-proof), ~30 % contacted, qualified,
//   won, lost or archived, the rest new; five staff owners (made straight in staff_users, with a dummy
//   password hash: they never sign in); ~10 % with a note; every lead with its attribution (utm_source
//   news, google, linkedin, partner-blog or none, one of a few campaigns or none, the form's page);
// - page counts: --views rows (default N) of page_views, every day back from today as full as the bounds
//   let an attacker make it (docs/analytics.md: 1,000 keys with a tag or a referring host, and a "none"
//   and an "other" key for each of 16 pages): 19 keys in 20 an attacker's, each with its own campaign and
//   referring host, the rest the leads' sources and campaigns (a million rows: about 970 days, ~32,000 rows
//   in the insights' 30 days, ~377,000 in a year). A million rows within 30 days cannot be made any more;
// - conversations (lead_messages, through their trigger): one lead in 20 (not spam) got a reply from its
//   owner, 40 % of those answered (awaiting our answer: ~2 % of the leads), half of the answers unread
//   (~1 %); one won partner lead with a thread of 200 messages; 2,000 emails that matched no lead.
//   lead_people (one row per address) is kept by its triggers as the leads arrive.
// The admin who signs in is made with `npm run staff:create` (server/create-staff.ts, STAFF_PASSWORD).
// Then the production server (dist/app/main.mjs, as `npm start` runs it, on a free port) is started on
// that database, the admin signs in (POST /staff/sign-in, keeping the staff_session cookie) and each
// case below is requested with plain node:http over a keep-alive connection: one warm-up, then the
// median and p95 of --runs (5) runs, each timed from sending the request to the last byte of the body:
// the inbox (first page, page 50, page 400, and a deep page: the leads older than 23 months), search (a name fragment, an exact email, a company
// fragment, a fragment nothing matches, a common fragment on its first page and on page 50), each filter (type, status, owner, a one-month range, source, campaign, the Spam view), one
// lead's page, the conversation views ("Unread replies", "Awaiting our answer" in both orders, each with
// filters), the first-response clock's views ("Overdue", page 20, "Due soon", "Mine": the admin owns the leads
// of one of the five owners, and "Overdue" with a kind and an owner), the People view (first page, page 400, a name fragment, an exact email, a kind), the lead's page
// with the 200-message thread (as it opens, with its newest 50 events, and whole), the unmatched email, the insights page (its default 30 days, and a year: the longest range it shows) and the
// CSV export of every lead (/staff/export?status=all: one run, no warm-up, stopped after
// --export-timeout seconds, default 900; its lines counted, and the server process's resident memory
// (VmRSS) sampled every 100 ms for the peak during the export; an export stopped at its limit shows
// "> time" and how long the whole would take at its pace, from the X-Total-Rows it announced).
// A server process that ends during a case (a crash) is reported with its last output, and a new one
// (signed in again) serves the cases left.
// Prints a table: case, URL, HTTP status, median and p95, the target (inbox, search, filters and a
// lead's page 100 ms, insights 300 ms, the export 20 s and 300 MB peak) and whether it is met (p95 within
// the target and every answer 200). It reports, it does not enforce: exits 0 unless something crashed.
// --keep: the database (or DATA_DIR) is not removed; its URL (path) is printed. --url <that URL>: measure
// it again without seeding (its pending migrations are applied first, and timed); it is kept.
// BENCH_SERVER_ROOT=<another checkout> measures that checkout's server (tests/support/start-server.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cleanUp, tempDir } from '../support/cleanup';
import { launch, root, type StartedServer } from '../support/start-server';
import { createTempDatabase, openEmbedded, serverUrlOf, sharedServerUrl, type Query, type TempDatabase } from '../support/suite-databases';
import { benchEnv, numberArg, percentile, printTable } from '../support/suite-runner';

const pglite = process.argv.includes('--pglite');
const keep = process.argv.includes('--keep');
const N = numberArg('n', pglite ? 100_000 : 1_000_000);
/** Rows of page counts (`--views`, default as many as leads). */
const VIEWS = numberArg('views', N);
const RUNS = numberArg('runs', 5);
const EXPORT_TIMEOUT_S = numberArg('export-timeout', 900);
/** `--url <postgres://...>`: a database an earlier `--keep` run seeded: no seed; its pending migrations are applied and timed (a migration on a million rows). */
const reuseAt = process.argv.indexOf('--url');
const reuseUrl = reuseAt > 0 ? process.argv[reuseAt + 1] : '';

const admin = { email: 'bench.admin@bench.example', name: 'Bench Admin', password: 'bench inbox admin password 1' };
/** The five owners leads are assigned to (staff_users rows made straight in SQL; they never sign in). */
const owners = ['Priya Shah', 'Tom Becker', 'Lena Novak', 'Marcus Reid', 'Sofia Alvarez'];

// ---- the seed ---------------------------------------------------------------------------------------

/** A SQL array literal of our own constant words (never input). */
const sqlArray = (words: readonly string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]`;
/** 0 .. 2^30-1, a hash of the series number `g` in stream `k`: independent, reproducible "random" numbers. */
const hash = (k: number, of = 'g') => `(hashint4extended(${of}, ${k}) & 1073741823)`;
/** One of `words`, chosen by stream `k` (of the number `of`). */
const pick = (words: readonly string[], k: number, of = 'g') => `(${sqlArray(words)})[(${hash(k, of)} % ${words.length} + 1)::int]`;

// Two-letter syllables: a number written with them (base 32, lowest digit first) reads back one way only,
// so the words made of them are distinct as the numbers are.
const syllables = ['ba', 'be', 'bi', 'bo', 'da', 'de', 'di', 'do', 'ka', 'ke', 'ki', 'ko', 'la', 'le', 'li', 'lo', 'ma', 'me', 'mi', 'mo', 'na', 'ne', 'ni', 'no', 'ra', 're', 'ri', 'ro', 'sa', 'se', 'ta', 'to'];
/** `expr` (0 .. 2^20-1) as a capitalised word of four syllables, e.g. "Kalomiba". */
const word = (expr: string) => `initcap(${[1, 32, 1024, 32768].map((d) => `(${sqlArray(syllables)})[((${expr}) / ${d} % 32 + 1)::int]`).join(' || ')})`;

const firstNames = ['Olivia', 'Noah', 'Emma', 'Liam', 'Ava', 'Lucas', 'Mia', 'Ethan', 'Sophie', 'James', 'Hannah', 'Leon', 'Chloe', 'Mateo', 'Ines', 'Daniel', 'Clara', 'Omar', 'Julia', 'Felix', 'Nora', 'Samuel', 'Aisha', 'David', 'Elena', 'Jonas', 'Maya', 'Victor', 'Zoe', 'Arjun', 'Lea', 'Hugo'];
const industries = ['Media', 'Digital', 'Studio', 'Labs', 'Marketing', 'Consulting', 'Commerce', 'Partners', 'Creative', 'Systems'];
const legalForms = ['Ltd', 'GmbH', 'Inc', 'LLC', 'SAS', 'BV', 'Co'];
const subjects = ['Question about pricing', 'Demo request', 'Integration with our CRM', 'Invoice question', 'Feature request', 'Press enquiry', 'Team plan for 20 seats', 'Account access'];
const messages = [
  'We would like to learn more about how your platform could fit our workflow.',
  'Could you send us details about the options for larger teams, and the onboarding?',
  'We manage social media for several brands and are looking for a scheduling tool.',
  'Our audience is mostly small business owners; we think your product is a good match.',
  'Please get in touch at your convenience, we are evaluating tools this quarter.',
];
const notes = ['Called, follow up next week.', 'Sent the pricing sheet.', 'Interested in the agency plan.', 'Asked for a demo on Thursday.', 'Not a fit for now, revisit in Q3.'];
const sources = ['news', 'google', 'linkedin', 'partner-blog'];
const campaigns = ['spring-launch', 'black-friday', 'webinar-series', 'agency-week', 'partner-push'];

/** The seed's statements, in order (one statement each, for both kinds of database). */
function seedStatements(n: number): { what: string; sql: string }[] {
  // bench_seed: one row per lead, everything about it decided here from its series number g.
  // g % 10 chooses the kind (3 partner, 2 affiliate, 1 agency, 4 contact in every ten).
  const status = `case when ${hash(2)} % 100 < 5 then 'spam' when ${hash(2)} % 100 < 15 then 'contacted' when ${hash(2)} % 100 < 22 then 'qualified'
    when ${hash(2)} % 100 < 26 then 'won' when ${hash(2)} % 100 < 31 then 'lost' when ${hash(2)} % 100 < 35 then 'archived' else 'new' end`;
  const seed = `create temp table bench_seed as
    select g, kind, status, id, created_at, first_name, surname, company_word,
      company_word || ' ' || industry || ' ' || legal_form as company,
      lower(first_name || '.' || surname || '@' || company_word) || '.example' as email,
      -- an owner for most leads in progress and a fifth of the new ones; none for spam
      case when status = 'spam' then null when status <> 'new' and r_owner < 90 then r_owner % 5 + 1 when r_owner < 20 then r_owner % 5 + 1 end as owner,
      r_note < 10 and status <> 'spam' as has_note,
      r_other, source, campaign
    from (
      select g, (array['partner', 'partner', 'partner', 'affiliate', 'affiliate', 'agency', 'contact', 'contact', 'contact', 'contact'])[g % 10 + 1] as kind,
        ${status} as status,
        gen_random_uuid() as id,
        -- spread over the last two years (729 days: within the 24 months leads are kept)
        now() - interval '729 days' * (${hash(1)}::float8 / 1073741824) as created_at,
        -- the person: their name, company and address are made from pn (see below), so that a lead of an earlier person has them too
        ${pick(firstNames, 3, 'pn')} as first_name,
        -- pn scrambled (an odd multiplier permutes 0 .. 2^20-1), a fifth syllable from 2^20 on: distinct up to 2^25 people
        ${word('(pn::bigint * 40503 + 12345) % 1048576')} || case when pn >= 1048576 then (${sqlArray(syllables)})[pn / 1048576 % 32 + 1] else '' end as surname,
        -- another permutation, so that surname and company vary apart (companies repeat only past 2^20 people)
        ${word('(pn::bigint * 7919 + 777) % 1048576')} as company_word,
        ${pick(industries, 4, 'pn')} as industry, ${pick(legalForms, 5, 'pn')} as legal_form,
        ${hash(6)} % 100 as r_owner, ${hash(7)} % 100 as r_note, ${hash(8)} as r_other,
        (${sqlArray(sources)})[(${hash(9)} % 5 + 1)::int] as source,
        (${sqlArray(campaigns)})[(${hash(10)} % 8 + 1)::int] as campaign
      -- pn, the person who sent lead g: mostly their first lead, but one lead in seven comes from an earlier person
      -- (the same address, perhaps another kind): the inbox's People view has people with several leads
      from (select g, case when g > 1 and ${hash(12)} % 7 = 0 then (1 + ${hash(13)} % (g - 1))::int else g end as pn from generate_series(1, ${n}) g) s0
    ) s`;
  const r = (k: number, m: number) => `(r_other / ${k} % ${m})::int`;
  const msg = `(${sqlArray(messages)})[${r(1, messages.length)} + 1]`;
  return [
    { what: 'series', sql: seed },
    {
      what: 'partner_applications',
      sql: `insert into partner_applications (id, first_name, last_name, email, company, partnership_type, message, created_at)
        select id, first_name, surname, email, company, (${sqlArray(['technology', 'reseller', 'referral', 'strategic'])})[${r(7, 4)} + 1], ${msg}, created_at
        from bench_seed where kind = 'partner'`,
    },
    {
      what: 'affiliate_applications',
      sql: `insert into affiliate_applications (id, first_name, last_name, email, website, audience_size, created_at)
        select id, first_name, surname, email, 'https://' || lower(surname) || '-' || lower(company_word) || '.example',
          (${sqlArray(['Less than 1,000', '1,000 - 10,000', '10,000 - 100,000', '100,000+'])})[${r(7, 4)} + 1], created_at
        from bench_seed where kind = 'affiliate'`,
    },
    {
      what: 'agency_enquiries',
      sql: `insert into agency_enquiries (id, name, email, business_name, monthly_budget, message, created_at)
        select id, first_name || ' ' || surname, email, company, (${sqlArray(['500-1000', '1000-2500', '2500-5000', '5000+'])})[${r(7, 4)} + 1], ${msg}, created_at
        from bench_seed where kind = 'agency'`,
    },
    {
      what: 'contact_messages',
      // A fifth of the contact messages name no company.
      sql: `insert into contact_messages (id, name, email, company, subject, message, created_at)
        select id, first_name || ' ' || surname, email, case when ${r(7, 5)} = 0 then null else company end, (${sqlArray(subjects)})[${r(35, subjects.length)} + 1], ${msg}, created_at
        from bench_seed where kind = 'contact'`,
    },
    {
      what: 'staff owners',
      sql: `insert into staff_users (email, name, role, password_hash)
        select lower(replace(name, ' ', '.')) || '@bench.example', name, 'member', 'not-a-password-hash' from unnest(${sqlArray(owners)}::text[]) name`,
    },
    {
      what: 'owner numbers',
      // The fifth owner's leads go to the admin who signs in (made before the seed), so that "Mine" lists a fifth of the owned leads.
      sql: `create temp table bench_owner as select (array_position(${sqlArray(owners)}::text[], name))::int as n, id from staff_users where email like '%@bench.example' and role = 'member' and name <> '${owners[owners.length - 1]}'
        union all select ${owners.length}, id from staff_users where email = '${admin.email}'`,
    },
    {
      what: 'lead_triage',
      sql: `insert into lead_triage (lead_type, lead_id, status, owner_id, updated_at, updated_by)
        select s.kind, s.id, s.status, o.id, least(now(), s.created_at + interval '2 days'), o.id
        from bench_seed s left join bench_owner o on o.n = s.owner where s.status <> 'new' or s.owner is not null`,
    },
    {
      what: 'lead_screening',
      sql: `insert into lead_screening (lead_type, lead_id, verdict, reasons, created_at)
        select kind, id, 'spam', '{no-proof}', created_at from bench_seed where status = 'spam'`,
    },
    {
      what: 'lead_notes',
      sql: `insert into lead_notes (lead_type, lead_id, author_id, body, created_at)
        select s.kind, s.id, o.id, (${sqlArray(notes)})[${r(11, notes.length)} + 1], least(now(), s.created_at + interval '1 day')
        from bench_seed s join bench_owner o on o.n = coalesce(s.owner, 1) where s.has_note`,
    },
    {
      what: 'lead_attribution',
      sql: `insert into lead_attribution (lead_type, lead_id, utm_source, utm_medium, utm_campaign, referrer_host, page, created_at)
        select kind, id, source,
          case source when 'news' then 'email' when 'google' then 'cpc' when 'linkedin' then 'social' when 'partner-blog' then 'referral' end,
          campaign,
          case source when 'news' then 'mail.example' when 'google' then 'www.google.com' when 'linkedin' then 'www.linkedin.com' when 'partner-blog' then 'blog.partner.example' end,
          case kind when 'partner' then '/partners' when 'affiliate' then '/affiliate' when 'agency' then '/agency' else '/contact' end,
          created_at
        from bench_seed`,
    },
    ...conversationStatements(),
    { what: 'drop the series', sql: 'drop table bench_seed' },
    { what: 'drop the owner numbers', sql: 'drop table bench_owner' },
  ];
}

/** What a written email of the seed says (about 1,000 characters), and the quoted history a reply carries under it. */
const emailBody = `${messages.join(' ')} ${messages.slice(0, 3).join(' ')}\n\nBest regards,\nThe team`;
const quoted = messages.map((m) => `> ${m}`).join('\n');
/** The subject that marks the seed's long thread (readFacts finds its lead by it). */
const longThreadSubject = 'Bench: a thread of 200 messages';
const longThread = 200;

/**
 * The conversations (lead_messages, through their trigger, which keeps lead_index's unread replies and
 * awaiting-since): one lead in 20 (not spam) got a reply from its owner a day after it arrived; 40 % of those
 * answered a day later (so they await our answer), half of the answers still unread. Then one won partner lead
 * with a thread of `longThread` messages, in and out, an hour apart; and 2,000 emails that matched no lead, over
 * the last 30 days.
 */
function conversationStatements(): { what: string; sql: string }[] {
  const talked = `s.status <> 'spam' and ${hash(14, 's.g')} % 20 = 0`;
  const answered = `${talked} and ${hash(15, 's.g')} % 10 < 4`;
  return [
    {
      what: 'lead_messages: replies',
      sql: `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, author_id, created_at)
        select s.kind, s.id, 'out', 'bench-out-' || s.g || '@bench.example', 'team@bench.example', s.email, 'Re: your enquiry', '${emailBody}', o.id,
          least(now() - interval '2 minutes', s.created_at + interval '1 day')
        from bench_seed s join bench_owner o on o.n = coalesce(s.owner, 1) where ${talked}`,
    },
    {
      what: 'lead_messages: answers',
      sql: `insert into lead_messages (lead_type, lead_id, direction, message_id, in_reply_to, "references", from_address, from_name, to_address, subject, body_text, shown_text, raw, channel, dedupe_key, read_at, created_at)
        select s.kind, s.id, 'in', 'bench-in-' || s.g || '@mail.example', 'bench-out-' || s.g || '@bench.example', array['bench-out-' || s.g || '@bench.example'],
          s.email, s.first_name || ' ' || s.surname, 'reply+bench' || s.g || '@bench.example', 'Re: Re: your enquiry',
          'Thank you, that helps. ' || '${messages[1]}' || E'\n\n' || '${quoted}', 'Thank you, that helps. ' || '${messages[1]}',
          'From: ' || s.email || E'\r\nSubject: Re: Re: your enquiry\r\n\r\n' || '${emailBody}', 'imap', 'bench-in-' || s.g,
          case when ${hash(16, 's.g')} % 2 = 0 then least(now() - interval '1 minute', s.created_at + interval '2 days') end,
          least(now() - interval '1 minute', s.created_at + interval '2 days')
        from bench_seed s where ${answered}`,
    },
    {
      what: 'lead_messages: a long thread',
      sql: `insert into lead_messages (lead_type, lead_id, direction, message_id, from_address, to_address, subject, body_text, shown_text, raw, author_id, channel, dedupe_key, read_at, created_at)
        select l.kind, l.id, case when m % 2 = 1 then 'out' else 'in' end, 'bench-thread-' || m || '@bench.example',
          case when m % 2 = 1 then 'team@bench.example' else l.email end, case when m % 2 = 1 then l.email else 'reply+thread@bench.example' end,
          '${longThreadSubject}', 'Message ' || m || '. ' || '${emailBody}' || case when m % 2 = 0 then E'\n\n' || '${quoted}' else '' end,
          case when m % 2 = 0 then 'Message ' || m || '. ' || '${emailBody}' end, case when m % 2 = 0 then '${emailBody}' end,
          case when m % 2 = 1 then l.owner_id end, case when m % 2 = 0 then 'imap' end, case when m % 2 = 0 then 'bench-thread-' || m end,
          case when m % 2 = 0 and m < ${longThread} then now() end, now() - interval '1 hour' * (${longThread} - m + 1)
        from (select s.kind, s.id, s.email, o.id as owner_id from bench_seed s join bench_owner o on o.n = s.owner
              where s.kind = 'partner' and s.status = 'won' order by s.created_at desc limit 1) l
        cross join generate_series(1, ${longThread}) m`,
    },
    {
      what: 'lead_messages: unmatched',
      sql: `insert into lead_messages (direction, message_id, from_address, to_address, subject, body_text, raw, channel, dedupe_key, created_at)
        select 'in', 'bench-loose-' || g || '@mail.example', 'someone' || g || '@elsewhere.example', 'team@bench.example', 'A question, ' || g,
          '${emailBody}', '${emailBody}', 'webhook', 'bench-loose-' || g, now() - interval '30 days' * (${hash(17)}::float8 / 1073741824)
        from generate_series(1, 2000) g`,
    },
  ];
}

// The page counts: as full as their bounds let an attacker make them (docs/analytics.md). A day holds at
// most `dailyKeys` keys with a referring host or a tag, and a "none" and an "other" key per page: every day,
// back from today, is full. Of its keys, one in 20 is a visitor's of the leads' sources and campaigns (1 to 20
// views); the others are an attacker's, each with its own campaign and referring host (1 view); a page's
// "none" key has 50 to 549 views and its "other" key 100 to 2,099 (the attacker's views past the cap).
const viewPages = ['/', '/pricing', '/features', '/partners', '/affiliate', '/agency', '/contact', '/blog', '/api', '/templates', '/about', '/careers', '/press', '/mobile', '/security', '/gdpr'];
const dailyKeys = 1000;
const rowsPerDay = dailyKeys + 2 * viewPages.length;

/** The seed's statements for `v` rows of page counts (series number g, 0-based: day g / rowsPerDay, place in it g % rowsPerDay). */
function viewStatements(v: number): { what: string; sql: string }[] {
  const pos = `(g % ${rowsPerDay})`;
  const page = (i: string) => `(${sqlArray(viewPages)})[(${i}) % ${viewPages.length} + 1]`;
  // A visitor's key: q (0 .. 49) chooses the page, the campaign and the source, distinct within a day.
  const q = `(${pos} / 20)`;
  const visitor = `${pos} < ${dailyKeys} and ${pos} % 20 = 0`;
  const extra = `(${pos} - ${dailyKeys})`;
  return [
    {
      what: 'page_views',
      sql: `insert into page_views (day, path, referrer_host, source, medium, campaign, views)
        select current_date - (g / ${rowsPerDay})::int,
          case when ${pos} < ${dailyKeys} then ${page(`case when ${visitor} then ${q} else ${hash(21)} end`)} else ${page(`${extra} / 2`)} end,
          case when ${visitor} then '' when ${pos} < ${dailyKeys} then 'h' || ${hash(22)} || '-' || g || '.attacker.example' when ${extra} % 2 = 0 then '' else '(other)' end,
          case when ${visitor} then (${sqlArray(sources)})[(${q} / 5) % 4 + 1] when ${pos} < ${dailyKeys} then 'src-' || ${hash(23)} % 500 when ${extra} % 2 = 0 then '' else '(other)' end,
          case when ${pos} < ${dailyKeys} then '' when ${extra} % 2 = 0 then '' else '(other)' end,
          case when ${visitor} then (${sqlArray(campaigns)})[${q} % 5 + 1] when ${pos} < ${dailyKeys} then 'x-' || md5(g::text) when ${extra} % 2 = 0 then '' else '(other)' end,
          case when ${visitor} then 1 + ${hash(24)} % 20 when ${pos} < ${dailyKeys} then 1 when ${extra} % 2 = 0 then 50 + ${hash(25)} % 500 else 100 + ${hash(26)} % 2000 end
        from (select g - 1 as g from generate_series(1, ${v}) g) s`,
    },
    {
      what: 'page_view_days',
      sql: `insert into page_view_days (day, keys) select day, count(*) filter (where (referrer_host, source, medium, campaign) not in (('', '', '', ''), ('(other)', '(other)', '(other)', '(other)')))
        from page_views group by day`,
    },
  ];
}

/** The tables the seed writes: vacuumed and analysed afterwards, as a settled database would be. */
const seededTables = ['partner_applications', 'affiliate_applications', 'agency_enquiries', 'contact_messages', 'staff_users', 'lead_triage', 'lead_screening', 'lead_notes', 'lead_attribution', 'lead_index', 'lead_people', 'lead_messages', 'page_views', 'page_view_days'];

/** Runs the seed on `query` (one connection: the series is a temporary table); returns the seconds it took. */
async function seed(query: Query, n: number, views: number): Promise<number> {
  const began = performance.now();
  for (const step of [...seedStatements(n), ...viewStatements(views)]) {
    const t = performance.now();
    await query(step.sql);
    if (step.what !== 'drop the series' && step.what !== 'drop the owner numbers') console.log(`  ${step.what.padEnd(22)} ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s`);
  }
  const t = performance.now();
  await query(`vacuum analyze ${seededTables.join(', ')}`);
  console.log(`  ${'vacuum analyze'.padEnd(22)} ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s`);
  return (performance.now() - began) / 1000;
}

/** What the cases need from the seeded database: a lead to open and search for, an owner, the last page. */
type Facts = { leadId: string; surname: string; email: string; company: string; ownerId: string; leads: number; openLeads: number; threadLeadId: string; people: number };

async function readFacts(query: Query): Promise<Facts> {
  // A partner in the open inbox with a note and an owner: its page shows the most.
  const [lead] = await query<{ id: string; last_name: string; email: string; company: string }>(
    `select p.id, p.last_name, p.email, p.company from partner_applications p
      join lead_triage t on t.lead_type = 'partner' and t.lead_id = p.id and t.status in ('contacted', 'qualified') and t.owner_id is not null
      where exists (select 1 from lead_notes n where n.lead_type = 'partner' and n.lead_id = p.id)
      order by p.created_at desc limit 1`,
  );
  const [owner] = await query<{ id: string }>(`select id from staff_users where email = 'priya.shah@bench.example'`);
  const [counts] = await query<{ leads: number; open: number }>(
    `select count(*)::int as leads, count(*) filter (where coalesce(t.status, 'new') not in ('spam', 'archived'))::int as open from (
      select 'partner' as lead_type, id from partner_applications union all select 'affiliate', id from affiliate_applications
      union all select 'agency', id from agency_enquiries union all select 'contact', id from contact_messages) l
      left join lead_triage t on t.lead_type = l.lead_type and t.lead_id = l.id`,
  );
  // The won partner lead of the long thread (its messages' subject marks it), and how many people the leads are.
  const [thread] = await query<{ id: string }>(`select lead_id as id from lead_messages where subject = $1 limit 1`, [longThreadSubject]);
  const [people] = await query<{ n: number }>(`select count(*)::int as n from lead_people`);
  if (!lead || !owner) throw new Error('the seeded database has no partner lead with a note and an owner (is N too small?)');
  if (!thread) throw new Error('the seeded database has no won partner lead with an owner for the long thread (is N too small?)');
  return { leadId: lead.id, surname: lead.last_name, email: lead.email, company: lead.company, ownerId: owner.id, leads: counts.leads, openLeads: counts.open, threadLeadId: thread.id, people: people.n };
}

// ---- the database -----------------------------------------------------------------------------------

/** A database for --keep: named like the suites' but without a pid, so no later run removes it as stale. */
async function keptDatabase(): Promise<TempDatabase> {
  const serverUrl = serverUrlOf(sharedServerUrl());
  const name = `${(process.env.BENCH_DB_PREFIX || 'postcraft_').replace(/[^a-z0-9_]/gi, '').toLowerCase()}bench_inbox_kept_${Date.now()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: async () => {} };
}

/** A connection to the seeded database, the server stopped (the embedded database allows one process). */
async function openSeedConnection(db: { url?: string; dataDir: string }): Promise<{ query: Query; close: () => Promise<void> }> {
  if (!db.url) return openEmbedded(db.dataDir);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  return { query: (async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows) as Query, close: () => client.end() };
}

// ---- the requests -----------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
type Answer = { status: number | string; ms: number; bytes: number; lines: number; stopped?: boolean; location?: string; totalRows?: number };

/** GET `url` (the cookie sent), its body read to the end; the time from sending to the last byte. */
function get(url: string, cookie: string, timeoutMs = 120_000): Promise<Answer> {
  return new Promise((resolve) => {
    const began = performance.now();
    let bytes = 0;
    let lines = 0;
    let totalRows: number | undefined;
    let timedOut = false;
    const req = http.get(url, { agent, headers: { Cookie: cookie, Accept: 'text/html,text/csv,*/*' } }, (res) => {
      // The export names the number of rows it is about to send.
      if (res.headers['x-total-rows'] !== undefined) totalRows = Number(res.headers['x-total-rows']);
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - began, bytes, lines, location: res.headers.location, totalRows }));
      // Cut off mid-body (timed out, or the server gave up): what arrived so far (the first resolve wins).
      const cut = () => resolve({ status: timedOut ? 'timeout' : (res.statusCode ?? 0), ms: performance.now() - began, bytes, lines, stopped: true, totalRows });
      res.on('error', cut);
      res.on('close', () => !res.complete && cut());
    });
    // A request past its time is given up (the server's stream is cancelled): reported, not fatal.
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error('timeout'));
    }, timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err) => {
      const status = timedOut ? 'timeout' : ((err as NodeJS.ErrnoException).code ?? 'error');
      resolve({ status, ms: performance.now() - began, bytes, lines, stopped: true, totalRows });
    });
  });
}

/** GET once more when a kept-alive connection was closed by the server just as it was reused. */
async function getRetrying(url: string, cookie: string, timeoutMs?: number): Promise<Answer> {
  const answer = await get(url, cookie, timeoutMs);
  return answer.status === 'ECONNRESET' || answer.status === 'EPIPE' ? get(url, cookie, timeoutMs) : answer;
}

/** Signs the admin in (the form's fields, from the server's own origin); the staff_session cookie. */
async function signIn(base: string): Promise<string> {
  const body = new URLSearchParams({ _action: 'signIn', email: admin.email, password: admin.password }).toString();
  const res = await fetch(`${base}/staff/sign-in`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(base).origin, Accept: 'text/html' },
    redirect: 'manual',
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => /^(__Host-)?staff_session=./.test(c));
  if (!cookie) throw new Error(`sign-in as ${admin.email} gave no staff_session cookie (HTTP ${res.status})`);
  return cookie;
}

/** Resident memory (MB) of a process, from /proc. */
function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

type Case = { name: string; url: string; target: 'page' | 'insights' | 'export' };
type Row = Case & { statuses: string; median: number; p95: number; note: string; met: boolean; stopped?: boolean };
const targets = { page: 100, insights: 300, export: 20_000 } as const;
const exportMb = 300;

/** A one-month range a year back, as YYYY-MM-DD (from the 1st to the last day of that month). */
function monthAYearAgo(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function cases(f: Facts): Case[] {
  // Past 10,000 leads the inbox counts "more than 10,000" and reaches older leads by the date they
  // arrived (an indexed range), not by page number: the deep page is the newest of the leads older than
  // 23 months, and page 400 is the last page it links to.
  const deep = new Date(Date.now() - 700 * 86_400_000).toISOString().slice(0, 10);
  const q = (v: string) => encodeURIComponent(v);
  const month = monthAYearAgo();
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const page = (name: string, url: string): Case => ({ name, url, target: 'page' });
  return [
    page('inbox, first page', '/staff'),
    page('inbox, page 50', '/staff?page=50'),
    page('inbox, page 400', '/staff?page=400'),
    page('inbox, deep: older than 23 months', `/staff?to=${deep}`),
    // The surname's first three syllables: the leads whose number ends alike (about N / 32,768 of them).
    page('search: name fragment', `/staff?q=${q(f.surname.slice(0, 6))}`),
    page('search: exact email', `/staff?q=${q(f.email)}`),
    page('search: company fragment', `/staff?q=${q(f.company.split(' ')[0].slice(0, 6))}`),
    // A fragment no lead holds (no "u" in the syllables), and a common one (a syllable), first page and page 50.
    page('search: nothing matches', '/staff?q=zuzu'),
    page('search: common fragment', '/staff?q=kal'),
    page('search: common fragment, page 50', '/staff?q=kal&page=50'),
    page('filter: type=contact', '/staff?type=contact'),
    page('filter: status=qualified', '/staff?status=qualified'),
    page('filter: owner', `/staff?owner=${f.ownerId}`),
    page('filter: one month', `/staff?from=${month.from}&to=${month.to}`),
    page('filter: source=news', '/staff?source=news'),
    page('filter: campaign', '/staff?campaign=spring-launch'),
    page('filter: status=spam', '/staff?status=spam'),
    page("a lead's page", `/staff/leads/partner/${f.leadId}`),
    // The conversations (issue 31): the views, one row per person, a thread of 200 messages, the unmatched email.
    page('view: unread replies', '/staff?view=unread'),
    page('view: unread replies, page 20', '/staff?view=unread&page=20'),
    page('view: awaiting our answer (waiting longest first)', '/staff?view=awaiting'),
    page('view: awaiting, newest lead first', '/staff?view=awaiting&sort=newest'),
    page('view: awaiting + type=agency + owner', `/staff?view=awaiting&type=agency&owner=${f.ownerId}`),
    page('view: unread + search: name fragment', `/staff?view=unread&q=${q(f.surname.slice(0, 4))}`),
    // The first-response clock (issue 32): the open, unanswered leads by due time, and the signed-in admin's own.
    page('view: overdue (most overdue first)', '/staff?view=overdue'),
    page('view: overdue, page 20', '/staff?view=overdue&page=20'),
    page('view: due soon', '/staff?view=due-soon'),
    page('view: mine (soonest due first)', '/staff?view=mine'),
    page('view: overdue + type=agency + owner', `/staff?view=overdue&type=agency&owner=${f.ownerId}`),
    page('people, first page', '/staff?view=people'),
    page('people, page 400', '/staff?view=people&page=400'),
    page('people: name fragment', `/staff?view=people&q=${q(f.surname.slice(0, 6))}`),
    page('people: exact email', `/staff?view=people&q=${q(f.email)}`),
    page('people: came as agency', '/staff?view=people&type=agency'),
    page("a lead's page, a thread of 200 messages", `/staff/leads/partner/${f.threadLeadId}`),
    // As it opens, the timeline shows the newest 50 events (docs/conversations.md); all 200, on request.
    page('the same, all 200 shown', `/staff/leads/partner/${f.threadLeadId}?timeline=all`),
    page('unmatched email, first page', '/staff/unmatched'),
    { name: 'insights', url: '/staff/insights', target: 'insights' },
    { name: 'insights, a year', url: `/staff/insights?from=${yearAgo}&to=${today}`, target: 'insights' },
    { name: 'CSV export, everything', url: '/staff/export?status=all', target: 'export' },
  ];
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : '-');
/** A duration in seconds, or minutes past two of them. */
const duration = (msecs: number) => (msecs < 120_000 ? `${(msecs / 1000).toFixed(0)} s` : `${(msecs / 60_000).toFixed(0)} min`);
const statusesOf = (answers: Answer[]) => [...new Set(answers.map((a) => String(a.status)))].join(',');

/** Whether the server's process has ended (crashed, or killed by the system). */
const ended = (s: StartedServer) => s.child.exitCode !== null || s.child.signalCode !== null;

/** A connection refused, reset or broken (not an HTTP status, not our own time limit). */
const connectionError = (status: number | string) => typeof status === 'string' && /^(E[A-Z]+|error)$/.test(status);

/** Whether the server's process ended; after a connection error, its exit is waited for a moment (it may be noticed after the refusal). */
function endedAfter(s: StartedServer, status: number | string): Promise<boolean> {
  if (!connectionError(status) || ended(s)) return Promise.resolve(ended(s));
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(ended(s)), 1000);
    s.child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A page: one warm-up, then RUNS timed runs (fewer when the server's process ends meanwhile). */
async function measurePage(base: string, cookie: string, c: Case, s: StartedServer): Promise<Row> {
  const warm = await getRetrying(base + c.url, cookie);
  const runs: Answer[] = [];
  for (let i = 0; i < RUNS && !(await endedAfter(s, (runs.at(-1) ?? warm).status)); i++) runs.push(await getRetrying(base + c.url, cookie));
  if (!runs.length) runs.push(warm);
  // Timed: the runs the server answered (a refused connection measures nothing).
  const times = runs.filter((r) => typeof r.status === 'number').map((r) => r.ms).sort((a, b) => a - b);
  const [median, p95] = [percentile(times, 50), percentile(times, 95)];
  const all = [warm, ...runs];
  const ok = all.every((a) => a.status === 200);
  const redirect = all.find((a) => a.location)?.location;
  return { ...c, statuses: statusesOf(all), median, p95, met: ok && p95 <= targets[c.target], note: `${(runs[0].bytes / 1024).toFixed(0)} kB${redirect ? `, to ${redirect}` : ''}` };
}

/** The export: one run, its lines counted and the server's peak resident memory sampled meanwhile. */
async function measureExport(base: string, cookie: string, c: Case, serverPid: number): Promise<Row> {
  const before = rssMb(serverPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(serverPid))), 100);
  const answer = await getRetrying(base + c.url, cookie, EXPORT_TIMEOUT_S * 1000);
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(serverPid));
  // Stopped at its time limit: how long the whole would take at the pace so far (the header line aside).
  const rows = Math.max(0, answer.lines - 1);
  const pace = answer.totalRows && rows ? `, the ${answer.totalRows.toLocaleString('en')} rows in ~${duration((answer.ms * answer.totalRows) / rows)} at that pace` : '';
  const stopped = answer.status === 'timeout' ? `stopped after ${EXPORT_TIMEOUT_S} s (--export-timeout)${pace}: ` : answer.stopped ? 'cut short: ' : '';
  const met = answer.status === 200 && !answer.stopped && answer.ms <= targets.export && peak <= exportMb;
  return {
    ...c,
    statuses: String(answer.status),
    median: answer.ms,
    p95: answer.ms,
    stopped: Boolean(answer.stopped),
    met,
    note: `${stopped}${answer.lines.toLocaleString('en')} lines, ${(answer.bytes / 1048576).toFixed(0)} MB; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
  };
}

// ---- the run ----------------------------------------------------------------------------------------

let temp: TempDatabase | undefined;
let server: StartedServer | undefined;
let code = 0;
try {
  const kind = pglite ? 'PGlite (embedded)' : 'PostgreSQL';
  console.log(`bench:inbox: ${N.toLocaleString('en')} leads on ${kind}; ${RUNS} runs per case after a warm-up`);
  if (reuseUrl) temp = { name: new URL(reuseUrl).pathname.slice(1), url: reuseUrl, drop: async () => {} };
  else if (!pglite) temp = keep ? await keptDatabase() : await createTempDatabase('bench_inbox');
  // The server's DATA_DIR (the embedded database itself with --pglite: kept with --keep).
  const dataDir = keep && pglite ? fs.mkdtempSync(path.join(os.tmpdir(), 'postcraft-bench-inbox-')) : tempDir('bench-inbox');
  const env = { ...benchEnv, DATABASE_URL: temp?.url ?? '', DATA_DIR: dataDir, RETENTION_PURGE: '0' };

  // 1. The app's migrations, by its own server; then the admin, as `npm run staff:create` makes one.
  const migrating = performance.now();
  server = await launch(env);
  if (reuseUrl) console.log(`migrations applied to the ${N.toLocaleString('en')} leads already there, and the server ready, in ${((performance.now() - migrating) / 1000).toFixed(1)} s`);
  await server.stop();
  server = undefined;
  if (reuseUrl) {
    // What autovacuum does soon after a migration that rewrote many rows (the insights' index-only scans need it).
    const vacuuming = performance.now();
    const pool = new pg.Pool({ connectionString: reuseUrl, max: 1 });
    await pool.query('vacuum analyze lead_index').finally(() => pool.end());
    console.log(`vacuum analyze lead_index: ${((performance.now() - vacuuming) / 1000).toFixed(1)} s`);
  }
  if (!reuseUrl) execFileSync(process.execPath, ['--import', 'tsx', 'server/create-staff.ts', '--email', admin.email, '--name', admin.name, '--role', 'admin'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: env.DATABASE_URL, DATA_DIR: dataDir, STAFF_PASSWORD: admin.password },
    stdio: 'pipe',
  });

  // 2. The leads, the server stopped.
  if (!reuseUrl) console.log(`seeding ${N.toLocaleString('en')} leads...`);
  const conn = await openSeedConnection({ url: temp?.url, dataDir });
  let seconds: number;
  let facts: Facts;
  try {
    seconds = reuseUrl ? 0 : await seed(conn.query, N, VIEWS);
    facts = await readFacts(conn.query);
  } finally {
    await conn.close();
  }
  console.log(`seeded ${facts.leads.toLocaleString('en')} leads (${facts.openLeads.toLocaleString('en')} open, ${facts.people.toLocaleString('en')} people) in ${seconds.toFixed(1)} s`);
  if (facts.leads !== N) throw new Error(`the seed made ${facts.leads} leads, not ${N}`);

  // 3. The production server on the seeded database; the admin signs in; each case in turn.
  server = await launch(env);
  let cookie = await signIn(server.url);
  const rows: Row[] = [];
  const crashes: string[] = [];
  for (const c of cases(facts)) {
    const s = server;
    const row = c.target === 'export' ? await measureExport(s.url, cookie, c, s.child.pid!) : await measurePage(s.url, cookie, c, s);
    // A server that died is a finding: its last words are shown, and a new one serves the cases left.
    if (await endedAfter(s, row.statuses.split(',').find(connectionError) ?? 200)) {
      await new Promise((r) => setTimeout(r, 200)); // the last of its output
      const how = s.child.signalCode ? `killed by ${s.child.signalCode}` : `exited with code ${s.child.exitCode}`;
      const tail = s.output().trim().split('\n').slice(-20).join('\n    ');
      row.note += `; the server ${how}`;
      crashes.push(`${c.name} (${c.url}): the server ${how}; its last output:\n    ${tail || '(nothing)'}`);
      console.log(`  the server ${how} during "${c.name}"; starting another for the cases left`);
      server = await launch(env);
      cookie = await signIn(server.url);
    }
    console.log(`  ${row.name}: HTTP ${row.statuses}, median ${ms(row.median)} ms, p95 ${ms(row.p95)} ms (${row.note})`);
    rows.push(row);
  }
  await server.stop();
  server = undefined;

  // 4. The table.
  const who = process.env.BENCH_SERVER_ROOT ? `the server of ${process.env.BENCH_SERVER_ROOT}` : 'this checkout’s server (dist/app/main.mjs)';
  console.log(`\nbench:inbox: ${who} on ${kind}, N = ${N.toLocaleString('en')} leads (${facts.openLeads.toLocaleString('en')} open), seeded in ${seconds.toFixed(1)} s`);
  console.log(`median and p95 of ${RUNS} runs after a warm-up (the export: one run), ms to the last byte; met = every answer 200 and p95 within the target\n`);
  printTable(
    rows.map((r) => ({
      case: r.name,
      URL: r.url,
      status: r.statuses,
      // A run cut short took longer than it shows.
      'median ms': `${r.stopped ? '> ' : ''}${ms(r.median)}`,
      'p95 ms': `${r.stopped ? '> ' : ''}${ms(r.p95)}`,
      target: r.target === 'export' ? `${targets.export / 1000} s, ${exportMb} MB` : `${targets[r.target]} ms`,
      result: r.met ? 'met' : 'NOT met',
    })),
  );
  const exported = rows.find((r) => r.target === 'export');
  if (exported) console.log(`\nexport: ${exported.note}`);
  for (const crash of crashes) console.log(`\nserver crash during ${crash}`);
  if (keep || reuseUrl) console.log(`\nkept: ${temp ? temp.url : `DATA_DIR=${dataDir}`}`);
} catch (err) {
  console.error(`bench:inbox: ${(err as Error)?.stack ?? err}`);
  code = 1;
} finally {
  agent.destroy();
  await server?.stop().catch(() => {});
  await cleanUp();
}
process.exit(code);
