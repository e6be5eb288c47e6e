import { cn } from '@/lib/utils';
import { CopyButton } from './copy-button';
import { highlightJson, highlightShell, type Token } from './highlight';

const tokenClass: Record<NonNullable<Token['kind']>, string> = {
  key: 'text-sky-300',
  string: 'text-emerald-300',
  number: 'text-amber-300',
  literal: 'text-pink-300',
  punct: 'text-slate-400',
  command: 'text-violet-300 font-semibold',
  flag: 'text-pink-300',
  comment: 'text-slate-500',
};

/** A dark code panel with a title bar and a copy button; highlighted at build time (no client JS). */
export function CodeBlock({ title, code, language, className }: { title: string; code: string; language: 'json' | 'shell'; className?: string }) {
  const tokens = language === 'json' ? highlightJson(code) : highlightShell(code);
  return (
    <figure className={cn('flex min-w-0 flex-col overflow-hidden rounded-2xl bg-slate-950 shadow-lg ring-1 ring-slate-800', className)}>
      <figcaption className="flex items-center justify-between gap-3 border-b border-white/10 px-4 py-2.5">
        <span className="text-xs font-semibold tracking-wide text-slate-300 uppercase">{title}</span>
        <CopyButton text={code} label={title} />
      </figcaption>
      <pre tabIndex={0} className="flex-1 overflow-x-auto p-4 font-mono text-[0.8125rem] leading-relaxed text-slate-100">
        <code>
          {tokens.map((t, i) => (t.kind ? <span key={i} className={tokenClass[t.kind]}>{t.text}</span> : t.text))}
        </code>
      </pre>
    </figure>
  );
}
