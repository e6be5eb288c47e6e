// Submits the site's forms the way a browser without JavaScript does: GET the page, take the <form>
// that holds a given field, keep its hidden inputs (the server action's id, bound state, the per-render
// submission token) and POST it as multipart/form-data. Used by bench:submit, bench:load, test:faults
// and test:hostile.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';

/**
 * @typedef {Record<string, string>} Attributes
 * @typedef {{ tag: string; name: string } & Attributes} Control a visible control (input, select, textarea)
 * @typedef {{ attrs: Attributes; hidden: [string, string][]; fields: Control[] }} ParsedForm
 * @typedef {ParsedForm & { url: string; path: string; cookie: string | null }} Form a form and where it posts
 * @typedef {{ status: number; html: string; location: string | null; type: string | undefined }} PostAnswer
 * @typedef {PostAnswer & { ms: number }} TimedAnswer
 * @typedef {{ freshToken?: boolean; headers?: Record<string, string>; signal?: AbortSignal }} SubmitOptions
 */

/** @type {Record<string, string>} */
const entities = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" };
/** @param {string} s */
const decode = (s) => s.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, e) => entities[e]);

/** @param {string} tag @returns {Attributes} */
function attrs(tag) {
  /** @type {Attributes} */
  const out = {};
  for (const m of tag.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) out[m[1].toLowerCase()] = m[2] === undefined ? '' : decode(m[2]);
  return out;
}

/**
 * Parses every <form> of an HTML page: its action/method/enctype and its named controls.
 * @param {string} html @returns {ParsedForm[]}
 */
export function parseForms(html) {
  /** @type {ParsedForm[]} */
  const forms = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    /** @type {ParsedForm} */
    const form = { attrs: attrs(m[1]), hidden: [], fields: [] };
    for (const c of m[2].matchAll(/<(input|select|textarea)\b([^>]*)>/g)) {
      const a = attrs(c[2]);
      if (!a.name) continue;
      if (c[1] === 'input' && a.type === 'hidden') form.hidden.push([a.name, a.value ?? '']);
      else form.fields.push({ tag: c[1], ...a });
    }
    forms.push(form);
  }
  return forms;
}

/**
 * The form on `path` that has a control named `field` (e.g. 'partnershipType').
 * @param {string} baseUrl @param {string} path @param {string} [field] @param {RequestInit} [init]
 * @returns {Promise<Form>}
 */
export async function loadForm(baseUrl, path, field, init = {}) {
  const res = await fetch(new URL(path, baseUrl), { headers: { Accept: 'text/html' }, ...init });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  const html = await res.text();
  const form = parseForms(html).find((f) => f.fields.some((c) => c.name === field) || f.hidden.some(([n]) => n === field));
  if (!form) throw new Error(`no form with a field "${field}" on ${path}`);
  return { ...form, url: new URL(form.attrs.action || path, new URL(path, baseUrl)).href, path, cookie: res.headers.get('set-cookie') };
}

/**
 * Hidden inputs that look like a per-render token get a fresh value unless `keepToken`.
 * @param {ParsedForm} form @returns {string[]}
 */
export function tokenFieldNames(form) {
  return form.hidden.map(([n]) => n).filter((n) => /token/i.test(n) && !n.startsWith('$'));
}

/**
 * POSTs `values` with the form's hidden inputs (a value named like a hidden input replaces it).
 * Returns { status, html, ms, location }.
 * options.freshToken (default true): replace the submission token with a new random one, so that
 * one parsed form serves many distinct submissions, as if each came from a fresh render.
 * @param {Form} form @param {Record<string, string>} values @param {SubmitOptions} [options]
 * @returns {Promise<TimedAnswer>}
 */
export async function submitForm(form, values, { freshToken = true, headers = {}, signal } = {}) {
  const body = new FormData();
  const tokens = new Set(freshToken ? tokenFieldNames(form) : []);
  // A value given for a hidden input (e.g. a preset `type`) replaces it rather than being sent twice.
  for (const [name, value] of form.hidden) if (!(name in values)) body.append(name, tokens.has(name) ? randomUUID() : value);
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  // Encoded as a browser does (multipart/form-data), sent on a kept-alive node:http connection.
  const encoded = new Request(form.url, { method: 'POST', body });
  const bytes = Buffer.from(await encoded.arrayBuffer());
  const started = performance.now();
  const res = await post(new URL(form.url), bytes, {
    'Content-Type': encoded.headers.get('content-type') ?? '',
    Accept: 'text/html',
    'Accept-Encoding': 'br, gzip',
    Origin: new URL(form.url).origin,
    ...headers,
  }, signal);
  return { ...res, ms: performance.now() - started };
}

/**
 * POSTs `values` the way the page's JavaScript does: URL-encoded to the form's JSON endpoint
 * (`/api/leads/<kind>`, lib/leads/endpoints.ts), with a fresh submission token. Returns
 * { status, html, ms } (`html` is the JSON text of the answer: the form's new state).
 * @param {Form} form @param {Record<string, string>} values @param {SubmitOptions} [options]
 * @returns {Promise<TimedAnswer>}
 */
export async function submitFormJs(form, values, { headers = {}, signal } = {}) {
  const kind = /** @type {(keyof typeof formPages)[]} */ (Object.keys(formPages)).find((k) => formPages[k].path === form.path);
  if (!kind) throw new Error(`no JSON endpoint known for the form of ${form.path}`);
  const body = new URLSearchParams();
  for (const name of tokenFieldNames(form)) body.append(name, randomUUID());
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  const url = new URL(`/api/leads/${kind}`, form.url);
  const started = performance.now();
  const res = await post(url, body.toString(), {
    'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    Accept: 'application/json',
    Origin: url.origin,
    ...headers,
  }, signal);
  return { ...res, ms: performance.now() - started };
}

// Keep-alive connections for `post` (a benchmark's client should cost as little as it can: fetch
// costs about as much CPU per request as the server's whole handling of a lead post). An idle socket is
// dropped after 4 s, before the server's own keep-alive timeout (5 s) closes it under a new request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });

/** A body as sent, decompressed (the page posts ask for brotli or gzip, as browsers do). @param {Buffer} body @param {string | undefined} encoding */
function decoded(body, encoding) {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

/**
 * A plain HTTP POST on a kept-alive connection. Resolves { status, html, location, type }. A post
 * whose reused connection the server had closed before reading it (ECONNRESET on a reused socket) is
 * sent again on a new one, as browsers do; the submission token makes that safe.
 * @param {URL} url @param {string | Buffer} body @param {Record<string, string>} headers
 * @param {AbortSignal} [signal] @param {boolean} [retried] @returns {Promise<PostAnswer>}
 */
export function post(url, body, headers, signal, retried = false) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) }, signal }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, html: decoded(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8'), location: res.headers.location ?? null, type: res.headers['content-type'] });
        } catch (err) {
          reject(err);
        }
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET') resolve(post(url, body, headers, signal, true));
      else reject(err);
    });
    req.end(body);
  });
}

let seq = 0;
/**
 * Valid values for each lead form, distinct per call (the email carries `tag`).
 * @param {string} kind @param {string} [tag] @returns {Record<string, string>}
 */
export function validValues(kind, tag = `${process.pid}-${Date.now()}-${++seq}`) {
  const email = `lead-${tag}@example.com`;
  switch (kind) {
    case 'partner':
      return { firstName: 'Ada', lastName: 'Lovelace', email, company: 'Analytical Ltd', partnershipType: 'technology', message: 'We would like to integrate our scheduler with yours.' };
    case 'affiliate':
      return { firstName: 'Grace', lastName: 'Hopper', email, website: 'https://example.com/grace', audienceSize: '1,000 - 10,000' };
    case 'agency':
      return { name: 'Alan Turing', email, businessName: 'Enigma Agency', monthlyBudget: '1000-2500', message: 'We manage forty brands and want one tool.' };
    case 'contact':
      return { name: 'Katherine Johnson', email, company: 'Orbit Inc', subject: 'Question about plans', message: 'Can we move from Pro to Business mid-month?' };
    default:
      throw new Error(`unknown form ${kind}`);
  }
}

export const formPages = {
  partner: { path: '/partners', field: 'partnershipType', table: 'partner_applications' },
  affiliate: { path: '/affiliate', field: 'audienceSize', table: 'affiliate_applications' },
  agency: { path: '/agency', field: 'monthlyBudget', table: 'agency_enquiries' },
  contact: { path: '/contact', field: 'subject', table: 'contact_messages' },
};
