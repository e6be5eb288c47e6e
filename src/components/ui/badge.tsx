import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const badgeVariants = cva('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      brand: 'bg-brand-soft text-brand-strong',
      gradient: 'bg-gradient-brand text-white',
      neutral: 'bg-slate-100 text-slate-700',
      success: 'bg-success-soft text-success',
      danger: 'bg-danger-soft text-danger',
    },
  },
  defaultVariants: { variant: 'brand' },
});

export function Badge({ className, variant, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
