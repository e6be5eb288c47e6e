import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a staff page, action or download is answering: set around the whole rendering by
 * src/middleware.ts, read by lib/staff (cookies, headers, the client's address) without passing it
 * through every component. Framework-free: the cookie jar is any object with get/set/delete.
 */
export type CookieJar = {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options?: Record<string, unknown>): void;
  delete?(name: string, options?: Record<string, unknown>): void;
};

export type StaffRequest = {
  headers: Headers;
  cookies: CookieJar;
  url: URL;
  https: boolean;
  ip: string;
  requestId: string;
  /** An HTTP status an action asked for (a refusal that still renders the page). */
  status?: number;
  /** Per-request memo (the signed-in staff member). */
  memo: Map<string, unknown>;
};

const storage = new AsyncLocalStorage<StaffRequest>();

export function runStaffRequest<T>(request: Omit<StaffRequest, 'memo'>, fn: () => T): T {
  return storage.run({ ...request, memo: new Map() }, fn);
}

export function staffRequest(): StaffRequest {
  const request = storage.getStore();
  if (!request) throw new Error('No staff request: lib/staff runs inside src/middleware.ts');
  return request;
}

export async function cookies(): Promise<CookieJar> {
  return staffRequest().cookies;
}

export async function headers(): Promise<Headers> {
  return staffRequest().headers;
}

/** Thrown to answer with a redirect (303 after a POST, so the browser then GETs the target). */
export class RedirectSignal extends Error {
  constructor(readonly location: string) {
    super(`redirect to ${location}`);
  }
}
/** Thrown to answer 403 with the "no access" page. */
export class ForbiddenSignal extends Error {
  constructor() {
    super('forbidden');
  }
}
/** Thrown to answer 404 with the not-found page. */
export class NotFoundSignal extends Error {
  constructor() {
    super('not found');
  }
}

export function redirect(location: string): never {
  throw new RedirectSignal(location);
}
export function forbidden(): never {
  throw new ForbiddenSignal();
}
export function notFound(): never {
  throw new NotFoundSignal();
}

/** Memoizes `fn` for the current request (as React's `cache` does in a server-component request). */
export function perRequest<T>(key: string, fn: () => Promise<T>): () => Promise<T> {
  return () => {
    const memo = staffRequest().memo;
    if (!memo.has(key)) memo.set(key, fn());
    return memo.get(key) as Promise<T>;
  };
}

/** The answer of the staff action posted in this request, for the form that posted it. */
export type PostedAction = { action: string; key: string; result: unknown; values?: Record<string, string> };

export function setPostedAction(posted: PostedAction): void {
  staffRequest().memo.set('posted', posted);
}

export function postedAction(): PostedAction | undefined {
  return storage.getStore()?.memo.get('posted') as PostedAction | undefined;
}
