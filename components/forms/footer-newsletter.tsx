import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** Footer email sign-up. Its storage is wired by the lead-capture work. */
export function FooterNewsletter() {
  return (
    <form className="mt-6" aria-labelledby="footer-newsletter-title">
      <h2 id="footer-newsletter-title" className="text-sm font-semibold text-foreground">
        Get product news and tips
      </h2>
      <div className="mt-3 flex gap-2">
        <label htmlFor="footer-email" className="sr-only">
          Email address
        </label>
        <Input id="footer-email" name="email" type="email" autoComplete="email" placeholder="you@example.com" required />
        <Button type="submit">Subscribe</Button>
      </div>
    </form>
  );
}
