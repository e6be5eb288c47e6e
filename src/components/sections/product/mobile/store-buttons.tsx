import { Apple, Play } from 'lucide-react';
import { storeButtons } from '@/content/mobile';

/** iOS and Android download buttons; the store URLs live in lib/config/site.ts. */
export function StoreButtons() {
  return (
    <ul className="flex flex-col items-center justify-center gap-3 sm:flex-row">
      {storeButtons.map((b) => {
        const Icon = b.store === 'ios' ? Apple : Play;
        const [lead] = b.label.split(b.short);
        return (
          <li key={b.store}>
            <a
              href={b.href}
              rel="noopener noreferrer"
              className="inline-flex h-14 min-w-52 items-center gap-3 rounded-xl bg-slate-950 px-5 text-left text-white shadow-md transition-colors hover:bg-slate-800"
            >
              <Icon aria-hidden className="size-7" fill={b.store === 'android' ? 'currentColor' : 'none'} />
              <span className="leading-tight">
                <span className="block text-xs text-slate-300">{lead.trim()}</span>
                <span className="block text-lg font-semibold">{b.short}</span>
              </span>
              <span className="sr-only"> ({b.platform})</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
