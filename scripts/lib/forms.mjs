// Submits the site's forms the way a browser without JavaScript does: GET the page, take the <form>
// that holds a given field, keep its hidden inputs (the server action's id, bound state, the per-render
// submission token) and POST it as multipart/form-data. Used by bench:submit, bench:load, test:faults
// and test:hostile.
import { randomUUID } from 'node:crypto';

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" };
const decode = (s) => s.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, e) => entities[e]);

function attrs(tag) {
  const out = {};
  for (const m of tag.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) out[m[1].toLowerCase()] = m[2] === undefined ? '' : decode(m[2]);
  return out;
}

/** Parses every <form> of an HTML page: its action/method/enctype and its named controls. */
export function parseForms(html) {
  const forms = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
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

/** The form on `path` that has a control named `field` (e.g. 'partnershipType'). */
export async function loadForm(baseUrl, path, field, init = {}) {
  const res = await fetch(new URL(path, baseUrl), { headers: { Accept: 'text/html' }, ...init });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  const html = await res.text();
  const form = parseForms(html).find((f) => f.fields.some((c) => c.name === field) || f.hidden.some(([n]) => n === field));
  if (!form) throw new Error(`no form with a field "${field}" on ${path}`);
  return { ...form, url: new URL(form.attrs.action || path, new URL(path, baseUrl)).href, path, cookie: res.headers.get('set-cookie') };
}

/** Hidden inputs that look like a per-render token get a fresh value unless `keepToken`. */
export function tokenFieldNames(form) {
  return form.hidden.map(([n]) => n).filter((n) => /token/i.test(n) && !n.startsWith('$'));
}

/**
 * POSTs `values` with the form's hidden inputs (a value named like a hidden input replaces it).
 * Returns { status, html, ms, location }.
 * options.freshToken (default true): replace the submission token with a new random one, so that
 * one parsed form serves many distinct submissions, as if each came from a fresh render.
 */
export async function submitForm(form, values, { freshToken = true, headers = {}, signal } = {}) {
  const body = new FormData();
  const tokens = new Set(freshToken ? tokenFieldNames(form) : []);
  // A value given for a hidden input (e.g. a preset `type`) replaces it rather than being sent twice.
  for (const [name, value] of form.hidden) if (!(name in values)) body.append(name, tokens.has(name) ? randomUUID() : value);
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  const started = performance.now();
  const res = await fetch(form.url, {
    method: 'POST',
    body,
    headers: { Accept: 'text/html', Origin: new URL(form.url).origin, ...headers },
    redirect: 'manual',
    signal,
  });
  const html = await res.text();
  return { status: res.status, html, ms: performance.now() - started, location: res.headers.get('location') };
}

/** The server action id of a parsed form (from React's hidden `$ACTION_<n>:0` field), or undefined. */
export function actionIdOf(form) {
  for (const [name, value] of form.hidden) {
    if (!/^\$ACTION_\d+:0$/.test(name)) continue;
    try {
      return JSON.parse(value).id;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

let encodeReply;
/**
 * POSTs `values` the way the page's JavaScript does (React's `encodeReply` of the action's arguments,
 * `Next-Action` header, an RSC answer that holds the action's result). Returns { status, html, ms }
 * (`html` is the RSC text of the answer).
 */
export async function submitFormJs(form, values, { headers = {}, signal, prevState = { status: 'idle' } } = {}) {
  encodeReply ??= (await import('next/dist/compiled/react-server-dom-turbopack/client.node.js')).default.encodeReply;
  const id = actionIdOf(form);
  if (!id) throw new Error(`no server action id in the form of ${form.path}`);
  const data = new FormData();
  for (const name of tokenFieldNames(form)) data.append(name, randomUUID());
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  const body = await encodeReply([prevState, data]);
  const started = performance.now();
  const res = await fetch(form.url, {
    method: 'POST',
    body,
    headers: { Accept: 'text/x-component', 'Next-Action': id, Origin: new URL(form.url).origin, ...headers },
    redirect: 'manual',
    signal,
  });
  const html = await res.text();
  return { status: res.status, html, ms: performance.now() - started, location: res.headers.get('location') };
}

let seq = 0;
/** Valid values for each lead form, distinct per call (the email carries `tag`). */
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
