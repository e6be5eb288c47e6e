import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { apiSamples } from '@/content/api';
import { CodeBlock } from './code-block';

/**
 * Posts (default), Analytics and Campaigns, each with a request and its response. Every panel is in the
 * HTML (forceMount) and the inactive ones are hidden, so crawlers and no-JS readers get the Posts sample
 * and the text of all three.
 */
export function ApiSamples() {
  return (
    <Tabs defaultValue="posts" className="mx-auto max-w-5xl">
      <div className="flex justify-center">
        <TabsList aria-label="API examples">
          {apiSamples.map((s) => (
            <TabsTrigger key={s.value} value={s.value} className="px-5">
              {s.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {apiSamples.map((s) => (
        <TabsContent key={s.value} value={s.value} forceMount className="rounded-2xl focus-visible:outline-offset-4 data-[state=inactive]:hidden">
          <p className="flex flex-wrap items-center justify-center gap-3 text-center text-slate-700">
            <span className="inline-flex items-center gap-2 rounded-lg border border-border bg-white px-3 py-1 font-mono text-sm">
              <span className={s.method === 'GET' ? 'font-bold text-success' : 'font-bold text-brand-strong'}>{s.method}</span>
              {s.path}
            </span>
            <span>{s.summary}</span>
          </p>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <CodeBlock title={`${s.label} request`} code={s.request} language="shell" />
            <CodeBlock title={`${s.label} response`} code={JSON.stringify(s.response, null, 2)} language="json" />
          </div>
        </TabsContent>
      ))}
    </Tabs>
  );
}
