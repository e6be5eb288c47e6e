// The floor of a lead post on this machine, for bench:submit: a bare `node:http` server that reads a small
// URL-encoded body (what the form's island posts), does one INSERT into a table of the contact form's shape
// (`floor_messages`, made here) and answers a small JSON. No framework, no checks: what no real lead post
// can beat on the same PostgreSQL, at the same concurrency. Started by tests/bench/submit.ts with
// `node tests/bench/floor-server.ts <database url> <pool size>`; prints `floor ready on <port>`.
import http from 'node:http';
import pg from 'pg';

const [url, poolSize = '10'] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: Number(poolSize) });
await pool.query(`create table if not exists floor_messages (
  id uuid primary key default gen_random_uuid(), name text not null, email text not null, company text,
  subject text not null, message text not null, created_at timestamptz not null default now())`);

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    pool
      .query('insert into floor_messages (name, email, company, subject, message) values ($1, $2, $3, $4, $5)', [
        form.get('name') ?? '',
        form.get('email') ?? '',
        form.get('company') || null,
        form.get('subject') ?? '',
        form.get('message') ?? '',
      ])
      .then(
        () => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end('{"status":"success","title":"Message Sent!"}');
        },
        (err: Error) => {
          res.writeHead(503, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ status: 'failed', error: err.message }));
        },
      );
  });
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => console.log(`floor ready on ${(server.address() as { port: number }).port}`));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
