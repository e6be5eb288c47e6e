// Background work that runs inside `npm start` next to the web server (the notification delivery
// loop). Owned by the staff-inbox work. `stop()` is awaited before the database closes.
/** @param {{ handle: Awaited<ReturnType<typeof import('../lib/db/connection.mjs').openDatabase>> }} _options */
export function startBackground(_options) {
  return { stop: async () => {} };
}
