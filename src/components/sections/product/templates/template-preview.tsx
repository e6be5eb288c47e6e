import * as React from 'react';
import { X } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
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

/**
 * Provides the Preview buttons with the dialog: one native modal <dialog> (as the GDPR page's), shown with
 * `showModal()`: the browser makes the rest of the page inert (focus stays in the dialog, assistive technology
 * sees the dialog alone), closes it on Escape, and the page does not scroll behind it (globals.css); Tab goes
 * round its controls. Closed,
 * focus goes back to the Preview button that opened it. No script library, so no style element a page's CSP
 * would refuse (a scroll lock's injected <style> was).
 */
export function TemplatePreviewProvider({ templates, children }: { templates: readonly Template[]; children: React.ReactNode }) {
  const [id, setId] = React.useState<string | null>(null);
  const trigger = React.useRef<HTMLElement | null>(null);
  const dialog = React.useRef<HTMLDialogElement>(null);
  const open = React.useCallback<Open>((next, el) => {
    trigger.current = el;
    setId(next);
  }, []);
  const template = id ? templates.find((t) => t.id === id) : undefined;
  React.useEffect(() => {
    const d = dialog.current;
    if (template && d && !d.open) d.showModal();
  }, [template]);
  const close = () => dialog.current?.close();
  return (
    <PreviewContext.Provider value={open}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby="template-preview-title"
        aria-describedby="template-preview-description"
        onClose={() => {
          setId(null);
          trigger.current?.focus();
        }}
        // Tab and Shift+Tab go round the dialog's controls (a native modal lets focus leave for the browser's
        // own controls after the last one), as in every dialog of the site.
        onKeyDown={(e) => {
          if (e.key !== 'Tab') return;
          const focusable = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
          const [first, last] = [focusable[0], focusable[focusable.length - 1]];
          if (!e.shiftKey && document.activeElement === last) first?.focus();
          else if (e.shiftKey && document.activeElement === first) last?.focus();
          else return;
          e.preventDefault();
        }}
        // A click on the backdrop (outside the dialog's box) closes it, as a click outside a menu does.
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          if (e.target === e.currentTarget && (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom)) close();
        }}
        className="m-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-3xl overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm"
      >
        {template ? <TemplatePreview template={template} /> : null}
        <button
          type="button"
          aria-label="Close"
          onClick={close}
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden className="size-5" />
        </button>
      </dialog>
    </PreviewContext.Provider>
  );
}

function TemplatePreview({ template: t }: { template: Template }) {
  const size = categorySizes[t.category];
  return (
    <>
      <h2 id="template-preview-title" className="pr-10 text-xl font-semibold tracking-tight">
        {t.title}
      </h2>
      <p id="template-preview-description" className="mt-1 text-sm text-muted-foreground">
        {t.category} · {size.width} × {size.height} px · {t.isPro ? 'Pro template' : 'Free template'}
      </p>
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
    </>
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
