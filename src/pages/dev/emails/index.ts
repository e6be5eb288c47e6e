import type { APIRoute } from 'astro';

/** Development only: links to the email previews (/dev/emails/<name>, HTML and plain text). 404 in a production build. */
export const prerender = false;

export const GET: APIRoute = async ({ rewrite }) => {
  // Outside development: the site's 404 page, as for any unknown address.
  if (!import.meta.env.DEV) return rewrite('/404');
  const { emailPreviews } = await import('@/lib/notify/emails');
  const items = Object.keys(emailPreviews)
    .map((name) => {
      const href = `/dev/emails/${encodeURIComponent(name)}`;
      return `<li><a href="${href}">${name}</a> · <a href="${href}?format=text">plain text</a></li>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Email previews</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.6">
<h1>Email previews</h1>
<p>The emails of src/lib/notify/emails with their sample props (development only).</p>
<ul>
${items}
</ul>
</body>
</html>
`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } });
};
