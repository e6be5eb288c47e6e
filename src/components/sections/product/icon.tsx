import {
  CalendarDays,
  ChartColumn,
  FileChartColumn,
  Inbox,
  Languages,
  LayoutTemplate,
  Send,
  Smartphone,
  Sparkles,
  Target,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '@/content/home';
import { cn } from '@/lib/utils';

const icons: Record<IconName, LucideIcon> = {
  send: Send,
  calendar: CalendarDays,
  sparkles: Sparkles,
  chart: ChartColumn,
  layout: LayoutTemplate,
  inbox: Inbox,
  users: Users,
  languages: Languages,
  smartphone: Smartphone,
  target: Target,
  'file-chart': FileChartColumn,
  zap: Zap,
};

/** A feature icon in a soft brand tile (decorative: the heading beside it names the feature). */
export function FeatureIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return (
    <span className={cn('inline-flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand-strong ring-1 ring-violet-100', className)}>
      <Icon aria-hidden className="size-5" strokeWidth={2} />
    </span>
  );
}

/** A grid of small feature cards: icon, title and one sentence each. */
export function FeatureTiles({ items }: { items: readonly { icon: IconName; title: string; description: string }[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((f) => (
        <li key={f.title} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
          <FeatureIcon name={f.icon} />
          <h3 className="mt-4 font-semibold tracking-tight">{f.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{f.description}</p>
        </li>
      ))}
    </ul>
  );
}
