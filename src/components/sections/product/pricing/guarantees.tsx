import { ShieldCheck } from 'lucide-react';
import { guarantees } from '@/content/pricing';

/** The trial and guarantee constants of lib/config/commercial.ts (kept exactly: docs/content.md). */
export function Guarantees() {
  return (
    <ul className="mx-auto mt-12 flex max-w-4xl flex-wrap justify-center gap-x-6 gap-y-3" aria-label="Trial and guarantees">
      {guarantees.map((g) => (
        <li key={g} className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
          <ShieldCheck aria-hidden className="size-4 text-success" />
          {g}
        </li>
      ))}
    </ul>
  );
}
