import * as React from 'react';
import { cn } from '@/lib/utils';

export const fieldClass =
  'block w-full rounded-lg border border-input bg-white px-3.5 py-2.5 text-base text-foreground shadow-xs placeholder:text-slate-500 focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-ring/40 aria-invalid:border-danger aria-invalid:focus-visible:outline-danger/30 disabled:opacity-60';

export function Input({ className, ...props }: React.ComponentProps<'input'>) {
  return <input className={cn(fieldClass, 'h-11', className)} {...props} />;
}
