/** Placeholder: the lead-capture work replaces this with the real sign-up (same export and props). */
export function NewsletterForm({ source }: { source: 'blog' | 'footer' }) {
  return <p className="text-muted-foreground" data-source={source}>Newsletter sign-up is coming soon.</p>;
}
