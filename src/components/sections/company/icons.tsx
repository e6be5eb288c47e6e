import {
  BadgeCheck,
  CalendarClock,
  ChartColumn,
  Clock,
  Coins,
  Headset,
  Image,
  LayoutGrid,
  Link,
  Mail,
  Megaphone,
  PenTool,
  Rocket,
  Target,
  TrendingUp,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '@/content/programmes';

const icons: Record<IconName, LucideIcon> = {
  megaphone: Megaphone,
  headset: Headset,
  coins: Coins,
  rocket: Rocket,
  target: Target,
  pen: PenTool,
  calendar: CalendarClock,
  chart: ChartColumn,
  clock: Clock,
  users: Users,
  trending: TrendingUp,
  link: Link,
  image: Image,
  mail: Mail,
  wallet: Wallet,
  badge: BadgeCheck,
  layout: LayoutGrid,
};

/** A content icon in the brand's soft tile. */
export function IconTile({ name, icon: Given, className }: { name?: IconName; icon?: LucideIcon; className?: string }) {
  const Icon = Given ?? icons[name ?? 'badge'];
  return (
    <span className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-strong ${className ?? ''}`}>
      <Icon aria-hidden className="size-5" strokeWidth={1.8} />
    </span>
  );
}
