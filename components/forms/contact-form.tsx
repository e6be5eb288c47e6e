/** Placeholder: the lead-capture work replaces this with the real form (same export name, no props). */
export function ContactForm() {
  return <p className="text-muted-foreground">The contact form is coming soon.</p>;
}
