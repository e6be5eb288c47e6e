// What the public pages rendered per request (/signup, the newsletter links) share: the methods they
// take, and that their answers are never cached.

/**
 * Marks the answer not cacheable; returns a 405 answer unless the request is GET or HEAD (or POST,
 * when the page takes posts).
 */
export function startRequestPage(request: Request, headers: Headers, { post }: { post: boolean }): Response | undefined {
  headers.set('Cache-Control', 'no-store');
  const allowed = post ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
  if (allowed.includes(request.method)) return undefined;
  const names = post ? 'GET and POST' : 'GET';
  return new Response(`This address takes ${names} only.`, { status: 405, headers: { Allow: allowed.join(', ') } });
}
