/** Plain-text answers of the staff route handlers (never an empty body). */
export function textResponse(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

/** For the methods a download route does not answer. */
export const onlyGet = () => textResponse(405, 'This address only answers GET requests: open it as a link from the staff area.', { Allow: 'GET, HEAD' });
