import type * as React from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A link to a form section on the same page (works without JavaScript as a plain #anchor). With
 * JavaScript it scrolls there and moves focus to the form's first field, or to the section itself.
 */
export function ScrollToForm({
  target,
  children,
  variant = 'primary',
  size = 'lg',
  className,
}: {
  target: string;
  children: React.ReactNode;
  variant?: 'primary' | 'secondary' | 'inverse' | 'outline';
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    const section = document.getElementById(target);
    if (!section || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    const field = section.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])');
    (field ?? section).focus({ preventScroll: true });
    history.replaceState(history.state, '', `#${target}`);
  }
  return (
    <a href={`#${target}`} onClick={onClick} className={cn(buttonVariants({ variant, size }), className)}>
      {children}
    </a>
  );
}
