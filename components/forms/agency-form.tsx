/** Placeholder: the lead-capture work replaces this with the real form (same export name, no props). */
export function AgencyForm() {
  return <p className="text-muted-foreground">The agency form is coming soon.</p>;
}
