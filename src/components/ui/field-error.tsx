import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The message under a field; the field points at it with aria-describedby. */
export function FieldError({ id, message, className }: { id: string; message?: string; className?: string }) {
  return (
    <p id={id} className={cn('mt-1.5 flex items-start gap-1.5 text-sm text-danger empty:hidden', className)}>
      {message ? (
        <>
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </>
      ) : null}
    </p>
  );
}
