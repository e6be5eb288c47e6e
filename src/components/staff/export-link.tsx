import { useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * "Export CSV": a plain link to /staff/export?<filter> (a download without JavaScript). With JavaScript
 * the file is fetched as a stream and a progress bar shows rows and bytes received (the server sends
 * the expected row count in X-Total-Rows), then it is saved.
 */
export function ExportLink({ query, total }: { query: string; total: number }) {
  const href = `/staff/export${query}`;
  const [progress, setProgress] = useState<{ rows: number; bytes: number; total: number } | null>(null);
  const [message, setMessage] = useState('');
  const busy = useRef(false);

  async function download(e: React.MouseEvent<HTMLAnchorElement>) {
    if (busy.current || e.metaKey || e.ctrlKey || e.shiftKey || !('ReadableStream' in window)) return;
    e.preventDefault();
    busy.current = true;
    setMessage('Preparing the export...');
    try {
      const res = await fetch(href, { headers: { Accept: 'text/csv' } });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const expected = Number(res.headers.get('X-Total-Rows')) || total;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const chunks: BlobPart[] = [];
      let bytes = 0;
      let rows = -1; // the header line is not a lead
      let quoted = false;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        for (const ch of decoder.decode(value, { stream: true })) {
          if (ch === '"') quoted = !quoted;
          else if (ch === '\n' && !quoted) rows++;
        }
        setProgress({ rows: Math.max(0, rows), bytes, total: expected });
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'leads.csv';
      const url = URL.createObjectURL(new Blob(chunks, { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setMessage(`Export ready: ${Math.max(0, rows).toLocaleString('en-US')} leads (${formatBytes(bytes)}).`);
    } catch {
      setMessage('The export failed. Please try again.');
    } finally {
      busy.current = false;
      setProgress(null);
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <a href={href} download onClick={download} className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }))}>
        <Download aria-hidden />
        Export CSV
      </a>
      {progress ? (
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <progress
            className="h-2 w-32 accent-violet-700"
            max={progress.total || undefined}
            value={progress.total ? Math.min(progress.rows, progress.total) : undefined}
            aria-label="Export progress"
          />
          <span>
            {progress.rows.toLocaleString('en-US')}
            {progress.total ? ` of ${progress.total.toLocaleString('en-US')}` : ''} rows, {formatBytes(progress.bytes)}
          </span>
        </div>
      ) : null}
      <p role="status" className="text-xs text-muted-foreground empty:hidden">
        {message}
      </p>
    </div>
  );
}

function formatBytes(n: number) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
