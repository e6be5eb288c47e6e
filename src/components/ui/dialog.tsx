import * as React from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl',
          className,
        )}
        {...props}
      >
        <PageBehindHidden />
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-muted hover:text-foreground"
          aria-label={closeLabel}
        >
          <X aria-hidden className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * While a modal is open the rest of the page is hidden from assistive technology. Radix marks the page's
 * other parts aria-hidden but spares any part that holds a <script> (the islands' prelude is in the
 * <head>, src/components/site/island-prelude.tsx, but a part may hold another script), so here every
 * top-level part of the page that is still exposed is hidden too, and shown again when the dialog closes.
 */
function PageBehindHidden() {
  const marker = React.useRef<HTMLSpanElement>(null);
  React.useEffect(() => {
    const dialog = marker.current?.closest('[role="dialog"]');
    if (!dialog) return;
    const hidden = Array.from(document.body.children).filter(
      (part) => !part.contains(dialog) && part.localName !== 'script' && part.getAttribute('aria-hidden') !== 'true' && !part.hasAttribute('aria-live'),
    );
    for (const part of hidden) part.setAttribute('aria-hidden', 'true');
    return () => {
      for (const part of hidden) part.removeAttribute('aria-hidden');
    };
  }, []);
  return <span ref={marker} hidden />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-10 text-xl font-semibold tracking-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-1 text-sm text-muted-foreground', className)} {...props} />;
}
