/** Placeholder: the lead-capture work replaces this with the real form (same export name, no props). */
export function AffiliateForm() {
  return <p className="text-muted-foreground">The affiliate form is coming soon.</p>;
}
