// Runs once when the production server starts (Next's instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // The lead forms' JSON endpoint, answered by the HTTP server itself (server/lead-endpoint.mjs).
  const { installLeadEndpoint } = await import('./lib/leads/run');
  installLeadEndpoint();
}
