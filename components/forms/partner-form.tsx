/** Placeholder: the lead-capture work replaces this with the real form (same export name, no props). */
export function PartnerForm() {
  return <p className="text-muted-foreground">The partner form is coming soon.</p>;
}
