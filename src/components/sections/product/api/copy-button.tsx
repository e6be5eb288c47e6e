import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';

/** Copies `text` to the clipboard and says so (visibly and to screen readers) for two seconds. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);

  async function copy() {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
      else fallbackCopy(text);
      setState('copied');
    } catch {
      try {
        fallbackCopy(text);
        setState('copied');
      } catch {
        setState('failed');
      }
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={copy}
        className="inline-flex h-8 items-center gap-1.5 rounded-md border border-white/15 bg-white/5 px-2.5 text-xs font-semibold text-slate-200 transition-colors hover:bg-white/10 hover:text-white"
      >
        {state === 'copied' ? <Check aria-hidden className="size-3.5 text-green-400" /> : <Copy aria-hidden className="size-3.5" />}
        {state === 'copied' ? 'Copied!' : 'Copy'}
        <span className="sr-only"> {label}</span>
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? `${label} copied to clipboard` : state === 'failed' ? 'Copy failed: select the text and copy it' : ''}
      </span>
    </>
  );
}

function fallbackCopy(text: string) {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}
