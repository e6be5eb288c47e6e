/// <reference types="astro/client" />

declare namespace App {
  /**
   * What the server (server/main.ts) hands to every page rendered on request; for /staff paths
   * src/middleware.ts adds `staff` (and under `astro dev`, where no server runs, fills the request facts).
   */
  interface Locals {
    /** The request's id (also in the X-Request-Id header); logs name it. */
    requestId: string;
    /** The client's address (the socket's, or through our trusted proxies the right-most X-Forwarded-For entry that is not one of them: server/proxy-trust.ts). */
    clientIp: string;
    /** Whether the visitor reached the site over HTTPS. */
    https: boolean;
    /** The server's open database. */
    db: import('@/lib/db/client').DbHandle;
    /** Wakes the server's notification delivery loop. */
    nudge: () => void;
    /** The server's metrics sink when metrics are on (lib/metrics/events.ts; src/middleware.ts registers it in this bundle's lib). */
    metrics?: import('@/lib/metrics/events').MetricsSink;
    /**
     * Set by the server when it hands a prerendered page's request to Astro to render on request (a form
     * posted without JavaScript, a filtered list): the page's public path (src/pages/on-request/[...path].astro).
     */
    pageOnRequest?: string;
    /**
     * Resolves when what the response has written so far has gone to the network (or the connection has
     * closed): a long stream waits for it before producing more (server/serve.ts).
     */
    drained?: () => Promise<void>;
    /**
     * Set by the server for a GET or HEAD of a public page through an affiliate's link (`?ref=CODE`): the
     * referral cookie that the page's answer sets (lib/leads/referral.ts; src/middleware.ts adds it).
     */
    referralCookie?: string;
    /** The answer to a lead form posted without JavaScript, shown by the page rendered for it (lib/leads/page-answer.ts). */
    formAnswer?: import('@/lib/leads/page-answer').FormAnswer;
    /**
     * /staff paths only: the session, the signed-in staff member, the database and the request facts
     * that lib/staff needs (src/middleware.ts; staff pages read it through `staffContext`).
     */
    staff?: import('@/lib/staff/context').StaffContext;
  }
}

