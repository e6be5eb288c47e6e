'use client';
import Link from 'next/link';
import { Heart } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { categorySizes, type Template } from '@/content/templates';

const likesFormat = new Intl.NumberFormat('en-US');

/**
 * One template: image, title, category, likes, Pro badge. Preview and Use Template sit on the image and are
 * revealed on hover and on keyboard focus, and always shown on touch screens (no hover).
 * `interactive` false (the no-JavaScript rendering) makes Preview a plain link to the image.
 */
export function TemplateCard({ template, eager, interactive }: { template: Template; eager: boolean; interactive: boolean }) {
  const t = template;
  const size = categorySizes[t.category];
  const previewClass = 'shadow-sm';
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative flex aspect-[4/5] items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200/70 p-5">
        {/* eslint-disable-next-line @next/next/no-img-element -- static SVG, no optimisation needed */}
        <img
          src={t.image}
          alt={t.description}
          width={size.width}
          height={size.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="absolute inset-5 size-[calc(100%-2.5rem)] object-contain drop-shadow-[0_10px_16px_rgb(15_23_42/0.18)]"
        />
        {t.isPro ? (
          <Badge variant="gradient" className="absolute top-3 left-3 shadow-sm">
            Pro
          </Badge>
        ) : null}
        <div
          data-testid="template-actions"
          className="absolute inset-x-0 bottom-0 flex justify-center gap-2 bg-gradient-to-t from-slate-950/75 to-transparent p-3 pt-10 opacity-0 transition-opacity duration-150 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
        >
          {interactive ? (
            <Dialog>
              <DialogTrigger asChild>
                <Button size="sm" variant="inverse" className={previewClass} aria-label={`Preview: ${t.title}`}>
                  Preview
                </Button>
              </DialogTrigger>
              <TemplatePreview template={t} />
            </Dialog>
          ) : (
            <Button asChild size="sm" variant="inverse" className={previewClass}>
              <a href={t.image} aria-label={`Preview: ${t.title}`}>
                Preview
              </a>
            </Button>
          )}
          <Button asChild size="sm">
            <Link href="/pricing" aria-label={`Use Template: ${t.title}`}>
              Use Template
            </Link>
          </Button>
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="font-semibold tracking-tight text-foreground">{t.title}</h3>
        <p className="mt-1 flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <span>{t.category}</span>
          <span className="inline-flex items-center gap-1">
            <Heart aria-hidden className="size-4 text-accent" />
            {likesFormat.format(t.likes)}
            <span className="sr-only"> likes</span>
          </span>
        </p>
      </div>
    </li>
  );
}

function TemplatePreview({ template: t }: { template: Template }) {
  const size = categorySizes[t.category];
  return (
    <DialogContent className="max-w-3xl">
      <DialogTitle>{t.title}</DialogTitle>
      <DialogDescription>
        {t.category} · {size.width} × {size.height} px · {t.isPro ? 'Pro template' : 'Free template'}
      </DialogDescription>
      <div className="mt-5 grid gap-6 sm:grid-cols-[1.4fr_1fr]">
        <div className="flex items-center justify-center rounded-xl bg-slate-100 p-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- static SVG */}
          <img src={t.image} alt={t.description} width={size.width} height={size.height} className="h-auto max-h-[60dvh] w-auto max-w-full rounded-md shadow-lg" />
        </div>
        <div className="flex flex-col">
          <p className="text-sm leading-relaxed text-slate-700">{t.description}</p>
          <dl className="mt-5 space-y-2 text-sm">
            <div className="flex justify-between gap-4 border-b border-border pb-2">
              <dt className="text-muted-foreground">Category</dt>
              <dd className="font-medium">{t.category}</dd>
            </div>
            <div className="flex justify-between gap-4 border-b border-border pb-2">
              <dt className="text-muted-foreground">Size</dt>
              <dd className="font-medium">
                {size.width} × {size.height} px
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-b border-border pb-2">
              <dt className="text-muted-foreground">Likes</dt>
              <dd className="font-medium">{likesFormat.format(t.likes)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="font-medium">{t.isPro ? 'Pro' : 'Free'}</dd>
            </div>
          </dl>
          <Button asChild className="mt-6 w-full">
            <Link href="/pricing">Use Template</Link>
          </Button>
        </div>
      </div>
    </DialogContent>
  );
}
