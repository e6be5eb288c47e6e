import type { ScreeningRecord } from '@/lib/spam/release';
import { spamReasonText } from '@/lib/spam/reasons';
import { formatDateTime } from '@/lib/staff/format';
import type { ActionResult } from '@/lib/staff/action-state';
import { ActionForm, ActionMessage, SubmitButton, usePostedAction } from './action-form';

/**
 * Why the spam screening held this lead, and "Not spam": back to the open inbox, and the notifications and
 * acknowledgement that were held are sent.
 */
export function ScreeningPanel({ leadRef, screening, canRelease }: { leadRef: string; screening: ScreeningRecord; canRelease: boolean }) {
  const held = screening.verdict === 'held';
  // The answer of the Not spam just posted here: the panel now shows the released state, and says so.
  const posted = usePostedAction('markNotSpam')?.result as ActionResult | undefined;
  return (
    <div className="space-y-3 text-sm">
      <p>
        {held ? 'Held for review when it arrived' : 'Held as spam when it arrived'}, {formatDateTime(screening.at)}. Nothing was sent about it: no notification to the team,
        no email to the address it gives.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {screening.reasons.map((r) => (
          <li key={r}>{spamReasonText[r]}</li>
        ))}
      </ul>
      {screening.releasedAt ? (
        <>
          {posted?.status === 'success' ? (
            <p role="status" className="font-medium text-success">
              {posted.message}
            </p>
          ) : null}
          <p className="text-success">
            Marked not spam by {screening.releasedBy ?? 'a former staff member'}, {formatDateTime(screening.releasedAt)}; what was held was sent then.
          </p>
        </>
      ) : canRelease ? (
        <ActionForm action="markNotSpam" aria-label="Not spam">
          <input type="hidden" name="lead" value={leadRef} />
          <SubmitButton size="sm" variant="secondary">
            Not spam
          </SubmitButton>
          <p className="mt-1.5 text-muted-foreground">Moves it to the open inbox and sends the held notifications and acknowledgement.</p>
          <ActionMessage className="mt-1.5" />
        </ActionForm>
      ) : (
        <p className="text-muted-foreground">Only admins can release a data request.</p>
      )}
    </div>
  );
}
