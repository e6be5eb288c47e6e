import { Check, Clock } from 'lucide-react';
import { platforms, designToolIntegration } from '@/content/home';
import { PlatformMark } from '../platform-mark';

/** An illustration of the product: a design on the left, the six platforms it goes to on the right. */
export function HeroVisual() {
  return (
    <div role="img" aria-label={`Illustration: one ${designToolIntegration.name} design being scheduled to six platforms`} className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="rounded-3xl border border-border bg-white p-4 shadow-xl shadow-violet-200/40 sm:p-5">
        <div className="flex items-center gap-2 border-b border-border pb-3">
          <span className="size-2.5 rounded-full bg-red-300" />
          <span className="size-2.5 rounded-full bg-amber-300" />
          <span className="size-2.5 rounded-full bg-green-300" />
          <span className="ml-2 text-xs font-medium text-slate-600">New post</span>
        </div>
        <div className="mt-4 grid grid-cols-[1fr_1.1fr] gap-4">
          <div className="relative aspect-square overflow-hidden rounded-2xl bg-gradient-to-br from-orange-400 via-pink-500 to-violet-600 p-4 text-white">
            <span className="absolute -top-6 -right-6 size-20 rounded-full bg-amber-300/90" />
            <p className="relative text-[0.6rem] font-bold tracking-widest">SUMMER SALE</p>
            <p className="relative mt-1 text-3xl leading-none font-black sm:text-4xl">40%</p>
            <p className="relative mt-1 text-[0.65rem] font-bold">OFF EVERYTHING</p>
            <span className="absolute bottom-3 left-4 flex items-center gap-1 rounded-full bg-white/25 px-2 py-0.5 text-[0.6rem] font-semibold backdrop-blur">
              <PlatformMark id="canva" className="size-3" />
              {designToolIntegration.name}
            </span>
          </div>
          <ul className="space-y-2">
            {platforms.map((p, i) => (
              <li key={p.id} className="flex items-center gap-2 rounded-lg border border-border px-2 py-1.5 text-xs font-medium text-slate-700">
                <PlatformMark id={p.id} className="size-4 text-slate-700" />
                <span className="truncate">{p.name}</span>
                <span className="ml-auto inline-flex size-4 items-center justify-center rounded-full bg-success-soft text-success">
                  {i < 4 ? <Check className="size-3" strokeWidth={3} /> : <Clock className="size-3" strokeWidth={2.5} />}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-4 flex items-center justify-between rounded-xl bg-slate-50 px-3 py-2.5 text-xs">
          <span className="font-medium text-slate-700">Best time: Tue 9:00 AM</span>
          <span className="rounded-md bg-gradient-brand px-2.5 py-1 font-semibold text-white">Schedule</span>
        </div>
      </div>
      <div className="absolute -top-6 -right-3 hidden rounded-2xl border border-border bg-white px-4 py-3 shadow-lg sm:block">
        <p className="text-xs text-slate-600">Time saved this week</p>
        <p className="text-lg font-bold text-foreground">10+ hours</p>
      </div>
    </div>
  );
}
