import { trialHref } from '@/lib/leads/signup';
import { Link } from '@/components/ui/link';
import { ArrowRight, CirclePlay } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getRoute } from '@/lib/config/routes';
import { heroStats } from '@/content/home';
import { commercial } from '@/lib/config/commercial';
import { HeroVisual } from './hero-visual';

/** Home hero: the headline (lib/config/routes.ts), its sub-line, the two buttons and the row of three stats. */
export function HomeHero() {
  const route = getRoute('/');
  const [lead, accent] = splitHeadline(route.heading);
  return (
    <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-brand-soft via-white to-white">
      <div aria-hidden className="pointer-events-none absolute -top-40 left-1/2 size-[40rem] -translate-x-1/2 rounded-full bg-gradient-to-tr from-violet-200/50 to-pink-200/40 blur-3xl" />
      <div className="container-page relative grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-violet-200 bg-white px-3 py-1 text-sm font-medium text-brand-strong shadow-xs">
            <span aria-hidden className="size-1.5 rounded-full bg-accent" />
            Trusted by 50,000+ creators
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {lead} <span className="text-gradient">{accent}</span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-pretty text-muted-foreground lg:mx-0">{route.intro}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg">
              <Link href={trialHref()}>
                Get Started Free
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href="#how-it-works">
                <CirclePlay aria-hidden />
                Watch Demo
              </a>
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            {commercial.trialDays}-day free trial · {commercial.trialNeedsCard ? 'Card required' : 'No credit card required'}
          </p>
          <dl className="mx-auto mt-10 grid max-w-md grid-cols-3 gap-4 border-t border-border pt-8 lg:mx-0">
            {heroStats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-muted-foreground">{s.label}</dt>
                <dd className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}

/** 'From Canva to Social Media In One Click' -> ['From Canva to Social Media', 'In One Click'] (the accent part). */
function splitHeadline(heading: string): [string, string] {
  const i = heading.lastIndexOf(' In ');
  return i > 0 ? [heading.slice(0, i), heading.slice(i + 1)] : [heading, ''];
}
