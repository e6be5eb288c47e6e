import { ForbiddenSignal, NotFoundSignal, RedirectSignal } from './request';
/** Plain-text answers of the staff endpoints (never an empty body). */
export function textResponse(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

/** For the methods a download route does not answer. */
export const onlyGet = () => textResponse(405, 'This address only answers GET requests: open it as a link from the staff area.', { Allow: 'GET, HEAD' });

/** A staff download or form endpoint: a check that redirects (sign-in) or refuses becomes its answer. */
export function staffEndpoint<A extends unknown[]>(handler: (...args: A) => Promise<Response> | Response) {
  return async (...args: A): Promise<Response> => {
    try {
      return await handler(...args);
    } catch (err) {
      if (err instanceof RedirectSignal) return new Response(null, { status: 307, headers: { Location: err.location, 'Cache-Control': 'no-store' } });
      if (err instanceof ForbiddenSignal) return textResponse(403, 'Only admins can open this.');
      if (err instanceof NotFoundSignal) return textResponse(404, 'There is nothing at this address.');
      throw err;
    }
  };
}
