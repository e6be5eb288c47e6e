/**
 * Finished answers kept in memory, for pages that are a pure function of their address in a built site: a
 * filtered list (`/blog?q=…&category=…`) rendered on request. The same address asked again is answered with
 * the same bytes (compressed, with the same headers) without rendering it again. Bounded (the least recently
 * used answer goes first) and short-lived (an answer is dropped after `ttlMs`, so that nothing computed at
 * render time, such as the footer's year, outlives a day's change by long).
 */
export type CachedAnswer = { status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer> };

export class PageCache {
  private readonly answers = new Map<string, CachedAnswer & { expires: number }>();

  constructor(
    private readonly limit: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.answers.size;
  }

  /** The answer kept for `key`, as a new Response; undefined when there is none or it has expired. */
  get(key: string): Response | undefined {
    const hit = this.answers.get(key);
    if (!hit) return undefined;
    this.answers.delete(key);
    if (hit.expires <= this.now()) return undefined;
    this.answers.set(key, hit); // most recently used last
    return new Response(hit.body, { status: hit.status, headers: hit.headers });
  }

  /**
   * Keeps a 200 answer (not one that sets a cookie) and returns a Response with the same bytes to send now.
   * Anything else is returned as it is.
   */
  async keep(key: string, response: Response): Promise<Response> {
    if (response.status !== 200 || response.headers.has('set-cookie') || !response.body) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = [...response.headers.entries()];
    this.answers.delete(key);
    this.answers.set(key, { status: response.status, headers, body, expires: this.now() + this.ttlMs });
    while (this.answers.size > this.limit) this.answers.delete(this.answers.keys().next().value!);
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  }
}
