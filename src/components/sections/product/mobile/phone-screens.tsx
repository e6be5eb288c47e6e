import { Check } from 'lucide-react';
import { mobileScreens } from '@/content/mobile';
import { platforms } from '@/content/home';
import { PlatformMark } from '../platform-mark';
import { cn } from '@/lib/utils';

/** App screenshots drawn for this project in HTML and CSS (crisp at any size, no image requests). */
/** The bars of the reach chart (static classes: the CSP allows no inline style to be relied on). */
const barWidths = ['w-[90%]', 'w-[72%]', 'w-[54%]', 'w-[36%]'];

export function PhoneScreens() {
  return (
    <ul className="grid items-end gap-10 sm:grid-cols-3 sm:gap-6 lg:gap-10">
      {mobileScreens.map((s, i) => (
        <li key={s.id} className={cn('flex flex-col items-center', i === 1 && 'sm:-translate-y-6')}>
          <Phone label={`Screenshot of the ${s.title} screen: ${s.caption}`}>{screens[s.id]}</Phone>
          <h3 className="mt-6 font-semibold">{s.title}</h3>
          <p className="mt-1 text-center text-sm text-muted-foreground">{s.caption}</p>
        </li>
      ))}
    </ul>
  );
}

function Phone({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="img" aria-label={label} className="relative w-full max-w-[15rem] rounded-[2.6rem] bg-slate-900 p-2.5 shadow-2xl shadow-violet-300/40">
      <div className="absolute top-4 left-1/2 z-10 h-5 w-20 -translate-x-1/2 rounded-full bg-slate-900" />
      <div className="flex aspect-[9/19] flex-col overflow-hidden rounded-[2rem] bg-white">
        <div className="flex h-8 items-end justify-between px-6 pb-1 text-[0.6rem] font-semibold text-slate-900">
          <span>9:41</span>
          <span>5G</span>
        </div>
        <div className="px-4 pt-3 text-slate-900">{children}</div>
        <div className="mt-auto flex justify-around border-t border-slate-100 px-4 pt-2.5 pb-4">
          {[0, 1, 2, 3].map((i) => (
            <span key={i} className={cn('h-1.5 w-6 rounded-full', i === 0 ? 'bg-violet-500' : 'bg-slate-200')} />
          ))}
        </div>
      </div>
    </div>
  );
}

const days = ['M', 'T', 'W', 'T', 'F', 'S', 'S'];
const posts = [
  { time: '9:00', title: 'Summer sale', id: 'instagram', color: 'from-orange-400 to-pink-500' },
  { time: '12:30', title: 'Hiring post', id: 'linkedin', color: 'from-sky-400 to-blue-600' },
  { time: '15:00', title: 'Recipe video', id: 'tiktok', color: 'from-amber-300 to-orange-500' },
  { time: '18:00', title: 'New arrivals', id: 'pinterest', color: 'from-pink-300 to-rose-500' },
];

const screens: Record<(typeof mobileScreens)[number]['id'], React.ReactNode> = {
  calendar: (
    <div>
      <p className="text-[0.65rem] font-medium text-slate-500">June 2026</p>
      <p className="text-base font-bold">This week</p>
      <div className="mt-3 grid grid-cols-7 gap-1 text-center text-[0.6rem]">
        {days.map((d, i) => (
          <span key={i} className={cn('rounded-lg py-1.5 font-semibold', i === 1 ? 'bg-gradient-brand text-white' : 'bg-slate-100 text-slate-600')}>
            {d}
            <span className="block text-[0.55rem] font-normal">{i + 1}</span>
          </span>
        ))}
      </div>
      <ul className="mt-4 space-y-2">
        {posts.map((p) => (
          <li key={p.time} className="flex items-center gap-2 rounded-xl border border-slate-200 p-2">
            <span className={cn('size-8 shrink-0 rounded-lg bg-gradient-to-br', p.color)} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[0.65rem] font-semibold">{p.title}</span>
              <span className="block text-[0.55rem] text-slate-500">{p.time}</span>
            </span>
            <PlatformMark id={p.id} className="size-3.5 text-slate-600" />
          </li>
        ))}
      </ul>
    </div>
  ),
  composer: (
    <div>
      <p className="text-base font-bold">New post</p>
      <div className="mt-3 aspect-square rounded-2xl bg-gradient-to-br from-orange-400 via-pink-500 to-violet-600 p-3 text-white">
        <p className="text-[0.5rem] font-bold tracking-widest">SUMMER SALE</p>
        <p className="text-2xl leading-none font-black">40%</p>
      </div>
      <div className="mt-3 grid grid-cols-3 gap-1.5">
        {platforms.map((p, i) => (
          <span key={p.id} className={cn('flex items-center justify-center gap-1 rounded-lg border py-1.5', i < 4 ? 'border-violet-300 bg-violet-50 text-violet-700' : 'border-slate-200 text-slate-400')}>
            <PlatformMark id={p.id} className="size-3" />
            {i < 4 ? <Check className="size-2.5" strokeWidth={3} /> : null}
          </span>
        ))}
      </div>
      <div className="mt-3 space-y-1.5">
        <div className="h-1.5 w-full rounded bg-slate-200" />
        <div className="h-1.5 w-4/5 rounded bg-slate-200" />
      </div>
      <div className="mt-3 rounded-xl bg-gradient-brand py-2 text-center text-[0.65rem] font-semibold text-white">Schedule for Tue 9:00</div>
    </div>
  ),
  analytics: (
    <div>
      <p className="text-[0.65rem] font-medium text-slate-500">Last 30 days</p>
      <p className="text-base font-bold">Analytics</p>
      <div className="mt-3 rounded-2xl bg-slate-50 p-3">
        <p className="text-[0.55rem] text-slate-500">Total reach</p>
        <p className="text-xl font-bold">128.4K</p>
        <p className="text-[0.55rem] font-semibold text-green-700">+24% vs last month</p>
        <svg viewBox="0 0 100 32" className="mt-2 h-10 w-full" aria-hidden>
          <defs>
            <linearGradient id="spark" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0" stopColor="#7c3aed" stopOpacity="0.35" />
              <stop offset="1" stopColor="#7c3aed" stopOpacity="0" />
            </linearGradient>
          </defs>
          <path d="M0 28 L12 24 L24 26 L36 18 L48 20 L60 12 L72 14 L84 6 L100 4 L100 32 L0 32Z" fill="url(#spark)" />
          <path d="M0 28 L12 24 L24 26 L36 18 L48 20 L60 12 L72 14 L84 6 L100 4" fill="none" stroke="#7c3aed" strokeWidth="1.8" />
        </svg>
      </div>
      <ul className="mt-3 space-y-2">
        {platforms.slice(0, 4).map((p, i) => (
          <li key={p.id} className="flex items-center gap-2 text-[0.6rem]">
            <PlatformMark id={p.id} className="size-3.5 text-slate-600" />
            <span className="h-2 flex-1 rounded-full bg-slate-100">
              <span className={cn('block h-2 rounded-full bg-gradient-brand', barWidths[i])} />
            </span>
            <span className="w-7 text-right font-semibold">{[42, 31, 18, 9][i]}%</span>
          </li>
        ))}
      </ul>
    </div>
  ),
};
