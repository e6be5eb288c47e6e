import * as React from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A form's outcome: success or failure with a title and a text. Rendered inside a live region
 * (role="status" for success, role="alert" for failure) so that screen readers announce it.
 */
export function StatusMessage({
  tone,
  title,
  children,
  className,
  id,
}: {
  tone: 'success' | 'error';
  title: string;
  children?: React.ReactNode;
  className?: string;
  id?: string;
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      id={id}
      role={tone === 'success' ? 'status' : 'alert'}
      className={cn(
        'flex gap-3 rounded-xl border p-4 text-sm',
        tone === 'success' ? 'border-green-200 bg-success-soft text-green-900' : 'border-red-200 bg-danger-soft text-red-900',
        className,
      )}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', tone === 'success' ? 'text-success' : 'text-danger')} />
      <div>
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-0.5">{children}</div> : null}
      </div>
    </div>
  );
}
