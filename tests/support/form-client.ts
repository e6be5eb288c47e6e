// A form client that posts the site's forms the ways browsers do: without JavaScript (GET the page, take
// the <form> that holds a given field, keep its hidden inputs, POST it as multipart/form-data to its
// action) and as the page's script does (the fields URL-encoded to the form's JSON endpoint). Nothing
// here knows the site's forms (bulk-leads.ts and lead-forms.ts do), so the end-to-end tests import it too.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { solvedProof } from './proof';

export type Attributes = Record<string, string>;
/** A visible control (input, select, textarea) and its attributes. */
export type Control = Attributes & { tag: string; name: string };
export type ParsedForm = { attrs: Attributes; hidden: [string, string][]; fields: Control[] };
/** A form and where it posts. */
export type Form = ParsedForm & { url: string; path: string; cookie: string | null };
export type PostAnswer = { status: number; html: string; location: string | null; type: string | undefined };
export type TimedAnswer = PostAnswer & { ms: number };
export type SubmitOptions = {
  freshToken?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The JSON post's proof of work (lib/spam/proof.ts): fetched and solved as the island does when absent; null: none. */
  proof?: string | null;
};

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, e: string) => entities[e]);

function attrs(tag: string): Attributes {
  const out: Attributes = {};
  for (const m of tag.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) out[m[1].toLowerCase()] = m[2] === undefined ? '' : decode(m[2]);
  return out;
}

/** Every <form> of an HTML page: its action/method/enctype and its named controls. */
export function parseForms(html: string): ParsedForm[] {
  const forms: ParsedForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const form: ParsedForm = { attrs: attrs(m[1]), hidden: [], fields: [] };
    for (const c of m[2].matchAll(/<(input|select|textarea)\b([^>]*)>/g)) {
      const a = attrs(c[2]);
      if (!a.name) continue;
      if (c[1] === 'input' && a.type === 'hidden') form.hidden.push([a.name, a.value ?? '']);
      else form.fields.push({ ...a, tag: c[1], name: a.name });
    }
    forms.push(form);
  }
  return forms;
}

/** `form` as found on `path` of the site at `baseUrl`: its action resolved against the page. */
export function formAt(form: ParsedForm, baseUrl: string, path: string, cookie: string | null = null): Form {
  return { ...form, url: new URL(form.attrs.action || path, new URL(path, baseUrl)).href, path, cookie };
}

/**
 * The form on `path` chosen by `pick`: a field name (the form with a control or hidden input of that
 * name) or a function.
 */
export async function loadForm(baseUrl: string, path: string, pick: string | ((forms: ParsedForm[]) => ParsedForm | undefined), init: RequestInit = {}): Promise<Form> {
  const res = await fetch(new URL(path, baseUrl), { headers: { Accept: 'text/html' }, ...init });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  const forms = parseForms(await res.text());
  const form = typeof pick === 'function' ? pick(forms) : forms.find((f) => f.fields.some((c) => c.name === pick) || f.hidden.some(([n]) => n === pick));
  if (!form) throw new Error(`no form ${typeof pick === 'string' ? `with a field "${pick}"` : 'of that kind'} on ${path}`);
  return formAt(form, baseUrl, path, res.headers.get('set-cookie'));
}

/** Hidden inputs that look like a per-render token. */
export function tokenFieldNames(form: ParsedForm): string[] {
  return form.hidden.map(([n]) => n).filter((n) => /token/i.test(n) && !n.startsWith('$'));
}

/** The multipart body a browser would send for `values` with the form's hidden inputs (a value named like a hidden input replaces it). */
export async function encodeForm(form: Form, values: Record<string, string | readonly string[]>, { freshToken = true } = {}): Promise<{ type: string; bytes: Buffer }> {
  const body = new FormData();
  const tokens = new Set(freshToken ? tokenFieldNames(form) : []);
  for (const [name, value] of form.hidden) if (!(name in values)) body.append(name, tokens.has(name) ? randomUUID() : value);
  // A list is the field posted once per value (as a hand-made post can: `terms=no&terms=yes`).
  for (const [name, value] of Object.entries(values)) for (const v of typeof value === 'string' ? [value] : value) body.append(name, v);
  const encoded = new Request(form.url, { method: 'POST', body });
  return { type: encoded.headers.get('content-type') ?? '', bytes: Buffer.from(await encoded.arrayBuffer()) };
}

/**
 * POSTs `values` as a browser without JavaScript does. With `freshToken` (the default) the submission
 * token gets a new random value, so that one parsed form serves many distinct submissions, as if each
 * came from a fresh render.
 */
export async function submitForm(form: Form, values: Record<string, string | readonly string[]>, { freshToken = true, headers = {}, signal }: SubmitOptions = {}): Promise<TimedAnswer> {
  const { type, bytes } = await encodeForm(form, values, { freshToken });
  const started = performance.now();
  const res = await post(new URL(form.url), bytes, { 'Content-Type': type, Accept: 'text/html', 'Accept-Encoding': 'br, gzip', Origin: new URL(form.url).origin, ...headers }, signal);
  return { ...res, ms: performance.now() - started };
}

/** The JSON endpoint of a lead form (`/api/leads/<name>`), from the name its no-script action carries (`?form=<name>`). */
export function endpointUrl(form: Form): string {
  const name = new URL(form.url).searchParams.get('form');
  if (!name) throw new Error(`the form of ${form.path} names no lead form in its action (${form.url})`);
  return new URL(`/api/leads/${name}`, form.url).href;
}

/**
 * POSTs `values` as the page's JavaScript does: URL-encoded to the form's JSON endpoint, with a fresh
 * submission token and a proof of work. `html` of the answer is its JSON text (the form's new state).
 */
export async function submitFormJs(form: Form, values: Record<string, string>, { headers = {}, signal, proof }: SubmitOptions = {}): Promise<TimedAnswer> {
  const body = new URLSearchParams();
  for (const name of tokenFieldNames(form)) body.append(name, randomUUID());
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  // As the island does: no challenge to be had (the database is away) -> the post goes without a proof.
  const solved = proof === undefined ? await solvedProof(form.url).catch(() => '') : proof;
  if (solved !== null && !('proof' in values)) body.append('proof', solved);
  const url = new URL(endpointUrl(form));
  const started = performance.now();
  const res = await post(url, body.toString(), { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', Accept: 'application/json', Origin: url.origin, ...headers }, signal);
  return { ...res, ms: performance.now() - started };
}

// Keep-alive connections for `post`: fetch costs about as much CPU per request as the server's whole
// handling of a lead post, too much for a benchmark's client. An idle socket is dropped after 4 s,
// before the server's own keep-alive timeout (5 s) closes it under a new request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });

/** A body as sent, decompressed (the page posts ask for brotli or gzip, as browsers do). */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

/**
 * A plain HTTP POST on a kept-alive connection. A post whose reused connection the server had closed
 * before reading it (ECONNRESET on a reused socket) is sent again on a new one, as browsers do; the
 * submission token makes that safe.
 */
export function post(url: URL, body: string | Buffer, headers: Record<string, string>, signal?: AbortSignal, retried = false): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) }, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          const html = decoded(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8');
          resolve({ status: res.statusCode ?? 0, html, location: res.headers.location ?? null, type: res.headers['content-type'] });
        } catch (err) {
          reject(err);
        }
      });
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET') resolve(post(url, body, headers, signal, true));
      else reject(err);
    });
    req.end(body);
  });
}
