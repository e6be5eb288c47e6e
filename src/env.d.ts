/// <reference types="astro/client" />

declare namespace App {
  /** What the server (server/main.ts) hands to every page rendered on request. */
  interface Locals {
    /** The request's id (also in the X-Request-Id header); logs name it. */
    requestId: string;
    /** The client's address (the socket's, or behind a trusted proxy the last X-Forwarded-For entry). */
    clientIp: string;
    /** Whether the visitor reached the site over HTTPS. */
    https: boolean;
    /** The server's open database. */
    db: import('@/lib/db/client').DbHandle;
    /** Wakes the server's notification delivery loop. */
    nudge: () => void;
    /**
     * Set by the server when it hands a prerendered page's request to Astro to render on request (a form
     * posted without JavaScript, a filtered list): the page's public path (src/pages/on-request/[...path].astro).
     */
    pageOnRequest?: string;
    /** The answer to a lead form posted without JavaScript, shown by the page rendered for it (lib/leads/page-answer.ts). */
    formAnswer?: import('@/lib/leads/page-answer').FormAnswer;
  }
}

