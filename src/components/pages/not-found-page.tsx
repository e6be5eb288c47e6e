import { Button } from '@/components/ui/button';
import { Link } from '@/components/ui/link';

/** 'Oops! Page not found' (HTTP 404, rendered on request by src/pages/404.astro). */
export function NotFoundPage() {
  return (
    <section className="container-page flex min-h-[60dvh] flex-col items-center justify-center py-20 text-center">
      <p className="text-gradient text-8xl font-extrabold tracking-tight sm:text-9xl">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Oops! Page not found</h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild size="lg" className="mt-8">
        <Link href="/">Return to Home</Link>
      </Button>
    </section>
  );
}
