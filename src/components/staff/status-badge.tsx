import { cn } from '@/lib/utils';
import { statusLabel, type LeadStatus } from '@/lib/staff/lead-kinds';

const tone: Record<LeadStatus, string> = {
  new: 'bg-brand-soft text-brand-strong ring-violet-200',
  contacted: 'bg-sky-50 text-sky-800 ring-sky-200',
  qualified: 'bg-amber-50 text-amber-900 ring-amber-200',
  won: 'bg-success-soft text-green-800 ring-green-200',
  lost: 'bg-slate-100 text-slate-700 ring-slate-200',
  spam: 'bg-danger-soft text-red-800 ring-red-200',
  archived: 'bg-slate-100 text-slate-600 ring-slate-200',
};

export function StatusBadge({ status, className }: { status: LeadStatus; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', tone[status], className)}>
      {statusLabel[status]}
    </span>
  );
}
