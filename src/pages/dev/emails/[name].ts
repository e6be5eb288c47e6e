import type { APIRoute } from 'astro';

/**
 * Development only: one email of src/lib/notify/emails rendered with its sample props (`emailPreviews`), as HTML
 * or, with `?format=text`, as its plain-text part. In a production build the route answers 404 and the
 * emails are not part of the server bundle (the import below is dropped with the dead branch).
 */
export const prerender = false;

const headers = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

export const GET: APIRoute = async ({ params, url, rewrite }) => {
  // Outside development: the site's 404 page, as for any unknown address.
  if (!import.meta.env.DEV) return rewrite('/404');
  const { emailPreviews, renderEmail } = await import('@/lib/notify/emails');
  const name = params.name ?? '';
  const preview = Object.hasOwn(emailPreviews, name) ? emailPreviews[name] : undefined;
  if (!preview) return rewrite('/404');
  const { html, text } = await renderEmail(preview());
  if (url.searchParams.get('format') === 'text') {
    return new Response(text, { headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return new Response(html, { headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
};
