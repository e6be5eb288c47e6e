import * as React from 'react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { categorySizes, type Template } from '@/content/templates';

const likesFormat = new Intl.NumberFormat('en-US');

type Open = (id: string, trigger: HTMLElement) => void;
const PreviewContext = React.createContext<Open | null>(null);

/**
 * The Preview button of one card: a button that opens the gallery's one preview dialog, and without
 * JavaScript (`@media (scripting: none)`) a link to the full-size image.
 */
export function PreviewButton({ template: t, className }: { template: Pick<Template, 'id' | 'title' | 'image'>; className?: string }) {
  const open = React.useContext(PreviewContext);
  const label = `Preview: ${t.title}`;
  // Both are in the HTML: the link without JavaScript, the button (which opens the dialog) with it.
  return (
    <>
      <Button asChild size="sm" variant="inverse" className={cn(className, 'js:hidden')}>
        <a href={t.image} aria-label={label}>
          Preview
        </a>
      </Button>
      <Button
        type="button"
        size="sm"
        variant="inverse"
        className={cn(className, 'hidden js:inline-flex')}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={(e) => open?.(t.id, e.currentTarget)}
      >
        Preview
      </Button>
    </>
  );
}

/** Provides the Preview buttons with the dialog; renders the dialog for the template being previewed. */
export function TemplatePreviewProvider({ templates, children }: { templates: readonly Template[]; children: React.ReactNode }) {
  const [id, setId] = React.useState<string | null>(null);
  const trigger = React.useRef<HTMLElement | null>(null);
  const open = React.useCallback<Open>((next, el) => {
    trigger.current = el;
    setId(next);
  }, []);
  const template = id ? templates.find((t) => t.id === id) : undefined;
  return (
    <PreviewContext.Provider value={open}>
      {children}
      <Dialog open={Boolean(template)} onOpenChange={(isOpen) => (isOpen ? null : setId(null))}>
        {template ? (
          <TemplatePreview
            template={template}
            onCloseAutoFocus={(e) => {
              // Focus goes back to the Preview button that opened the dialog.
              e.preventDefault();
              trigger.current?.focus();
            }}
          />
        ) : null}
      </Dialog>
    </PreviewContext.Provider>
  );
}

function TemplatePreview({ template: t, onCloseAutoFocus }: { template: Template; onCloseAutoFocus: (e: Event) => void }) {
  const size = categorySizes[t.category];
  return (
    <DialogContent className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogTitle>{t.title}</DialogTitle>
      <DialogDescription>
        {t.category} · {size.width} × {size.height} px · {t.isPro ? 'Pro template' : 'Free template'}
      </DialogDescription>
      <div className="mt-5 grid gap-6 sm:grid-cols-[1.4fr_1fr]">
        <div className="flex items-center justify-center rounded-xl bg-slate-100 p-4">
          <img src={t.image} alt={t.description} width={size.width} height={size.height} className="h-auto max-h-[60dvh] w-auto max-w-full rounded-md shadow-lg" />
        </div>
        <div className="flex flex-col">
          <p className="text-sm leading-relaxed text-slate-700">{t.description}</p>
          <dl className="mt-5 space-y-2 text-sm">
            <Detail term="Category" value={t.category} />
            <Detail term="Size" value={`${size.width} × ${size.height} px`} />
            <Detail term="Likes" value={likesFormat.format(t.likes)} />
            <Detail term="Plan" value={t.isPro ? 'Pro' : 'Free'} last />
          </dl>
          <Button asChild className="mt-6 w-full">
            <Link href="/pricing">Use Template</Link>
          </Button>
        </div>
      </div>
    </DialogContent>
  );
}

function Detail({ term, value, last }: { term: string; value: string; last?: boolean }) {
  return (
    <div className={last ? 'flex justify-between gap-4' : 'flex justify-between gap-4 border-b border-border pb-2'}>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
