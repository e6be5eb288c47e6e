import { attributionKeys as order, attributionLabels, type Attribution } from '@/lib/leads/attribution';

/** Where the lead came from: its campaign tags, the referring site, the page its form was on and an affiliate's code. */
export function AttributionPanel({ attribution }: { attribution: Attribution | null }) {
  if (!attribution) return <p className="text-sm text-muted-foreground">Not recorded: the lead arrived before the site recorded where leads come from.</p>;
  const tagged = order.slice(0, 5).some((k) => attribution[k]);
  return (
    <div className="space-y-3 text-sm">
      {tagged || attribution.referrer || attribution.referral ? null : (
        <p className="text-muted-foreground">No campaign tags and no referring site: the visitor came directly, or their browser did not say.</p>
      )}
      <dl className="divide-y divide-border">
        {order
          .filter((k) => attribution[k])
          .map((k) => (
            <div key={k} className="grid grid-cols-3 gap-3 py-2">
              <dt className="font-medium text-muted-foreground">{attributionLabels[k]}</dt>
              <dd className="col-span-2 break-words">{attribution[k]}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}
