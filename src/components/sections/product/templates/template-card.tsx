import { Link } from '@/components/ui/link';
import { Heart } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { categorySizes, type Template } from '@/content/templates';
import { PreviewButton } from './template-preview';

const likesFormat = new Intl.NumberFormat('en-US');

/**
 * One template (rendered inside the gallery island): image, title, category, likes, Pro badge. Preview and Use Template sit on
 * the image and are revealed on hover and on keyboard focus, and always shown on touch screens (no hover).
 */
export function TemplateCard({ template: t, eager, priority = false }: { template: Template; eager: boolean; priority?: boolean }) {
  const size = categorySizes[t.category];
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative flex aspect-[4/5] items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200/70 p-5">
        <img
          src={t.image}
          alt={t.description}
          width={size.width}
          height={size.height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
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
          className="absolute inset-x-0 bottom-0 flex justify-center gap-2 bg-gradient-to-t from-slate-950/75 to-transparent p-3 pt-10 opacity-0 transition-opacity duration-150 group-focus-within:opacity-100 group-hover:opacity-100 motion-reduce:transition-none [@media(hover:none)]:opacity-100"
        >
          <PreviewButton template={t} className="shadow-sm" />
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
    </article>
  );
}
