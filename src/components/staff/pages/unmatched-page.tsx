import { Link } from '@/components/ui/link';
import { Link2, MailQuestion, Paperclip, Trash2 } from 'lucide-react';
import { ActionForm, KeptInput, PostedActionProvider, SubmitButton, usePostedAction } from '@/components/staff/action-form';
import { StatusBadge } from '@/components/staff/status-badge';
import { Label } from '@/components/ui/label';
import type { ActionResult } from '@/lib/staff/action-state';
import { formatDateTime } from '@/lib/staff/format';
import { kindByKind } from '@/lib/staff/lead-kinds';
import type { PostedAction } from '@/lib/staff/page';
import { cursorParam, type UnmatchedCursor, type UnmatchedEmail } from '@/lib/staff/unmatched';
import { cn } from '@/lib/utils';

/** The lead an email was just attached to, for the page's notice (the route looks it up). */
export type AttachedTo = { kind: keyof typeof kindByKind; id: string; who: string };

type Props = {
  emails: UnmatchedEmail[];
  next: UnmatchedCursor | null;
  /** Whether this page is an older one (`?before=`): a link back to the newest. */
  paged: boolean;
  posted?: PostedAction;
  attached?: AttachedTo | null;
};

/** Longer texts are cut here in the list: the whole text is on the lead's page once the email is attached. */
const shownChars = 1500;

/** "Unmatched email" (the route has checked that the user is an admin). */
export function UnmatchedPage({ emails, next, paged, posted, attached }: Props) {
  const done = posted && (posted.result as ActionResult).status === 'success' ? (posted.result as ActionResult) : undefined;
  return (
    <PostedActionProvider posted={posted}>
      <div className="space-y-5">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Unmatched email</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
            Emails that came in but joined no lead: they carried neither our reply address nor the id of an email we sent, or came from an address that is not
            the lead&apos;s. Attach one to the lead it belongs to (it then shows in that lead&apos;s thread as an unread reply), or discard it. Newest first.
          </p>
        </div>
        {done ? (
          <p role="status" tabIndex={-1} autoFocus className="rounded-xl border border-green-200 bg-success-soft px-4 py-3 text-sm font-medium text-green-900">
            {posted?.action === 'attachUnmatchedEmail' && attached ? (
              <>
                Attached to {attached.who}&apos;s {kindByKind[attached.kind].shortLabel.toLowerCase()} lead: it shows in its thread as an unread reply.{' '}
                <Link href={`/staff/leads/${kindByKind[attached.kind].slug}/${attached.id}`} className="underline underline-offset-2">
                  Open the lead
                </Link>
              </>
            ) : (
              done.message
            )}
          </p>
        ) : null}
        {emails.length ? (
          <ol className="space-y-4" aria-label="Unmatched emails">
            {emails.map((e) => (
              <EmailItem key={e.id} email={e} />
            ))}
          </ol>
        ) : (
          <div className="flex flex-col items-center rounded-2xl border border-border bg-white px-6 py-16 text-center shadow-sm">
            <MailQuestion aria-hidden className="size-10 text-slate-400" />
            <p className="mt-3 font-semibold">{paged ? 'No older unmatched email' : 'No unmatched email'}</p>
            <p className="mt-1 text-sm text-muted-foreground">Replies that cannot be matched to a lead show up here.</p>
          </div>
        )}
        {paged || next ? (
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-end gap-2 text-sm">
            {paged ? <PageLink href="/staff/unmatched" label="Newest" /> : null}
            {next ? <PageLink href={`/staff/unmatched?${new URLSearchParams({ before: cursorParam(next) })}`} label="Older" rel="next" /> : null}
          </nav>
        ) : null}
      </div>
    </PostedActionProvider>
  );
}

function PageLink({ href, label, rel }: { href: string; label: string; rel?: string }) {
  return (
    <Link href={href} rel={rel} className="inline-flex h-9 items-center rounded-lg border border-border bg-white px-3 font-medium hover:bg-muted">
      {label}
    </Link>
  );
}

/** One email: who sent it to which address, when, its text, and what an admin can do with it. */
function EmailItem({ email: e }: { email: UnmatchedEmail }) {
  const headingId = `email-${e.id}`;
  const text = e.text.length > shownChars ? e.text.slice(0, shownChars) : e.text;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-white shadow-sm">
        <div className="space-y-3 px-5 py-4">
          <h2 id={headingId} className="text-base font-semibold tracking-tight break-words">
            {e.subject || '(no subject)'}
          </h2>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">From</dt>
            <dd className="break-all">{e.fromName ? `${e.fromName} <${e.fromAddress}>` : e.fromAddress}</dd>
            <dt className="text-muted-foreground">To</dt>
            <dd className="break-all">{e.toAddress}</dd>
            <dt className="text-muted-foreground">Received</dt>
            <dd>{formatDateTime(e.receivedAt)}</dd>
          </dl>
          {e.notices.length ? (
            <ul className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              {e.notices.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
          <div className="max-w-prose rounded-lg bg-muted px-3 py-2 text-sm break-words whitespace-pre-wrap">
            {text || <span className="text-muted-foreground">(no text)</span>}
            {text.length < e.text.length ? (
              <span className="mt-2 block text-xs text-muted-foreground">
                … shortened here: {(e.text.length - text.length).toLocaleString('en-US')} more characters, shown in full on the lead&apos;s page once attached.
              </span>
            ) : null}
          </div>
          {e.attachments.length ? (
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <Paperclip aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                Attachments (listed, not kept): {e.attachments.map((a) => `${a.filename ?? 'unnamed'} (${a.contentType}, ${formatBytes(a.size)})`).join('; ')}
              </span>
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 border-t border-border px-5 py-4 md:grid-cols-[2fr_1fr]">
          <AttachForm email={e} />
          <DiscardForm email={e} />
        </div>
      </article>
    </li>
  );
}

const formatBytes = (n: number) => (n < 1024 ? `${n} B` : n < 1048576 ? `${Math.round(n / 1024)} kB` : `${(n / 1048576).toFixed(1)} MB`);

/** The answer of a refused post, as an alert that takes the focus when the page comes back with it. */
function Refusal({ id, state }: { id: string; state: ActionResult | undefined }) {
  if (state?.status !== 'error' || !state.message) return null;
  return (
    <p id={id} role="alert" tabIndex={-1} autoFocus className="text-sm font-medium text-danger focus:outline-2 focus:outline-offset-2 focus:outline-danger">
      {state.message}
    </p>
  );
}

/** "Attach to a lead": one of the leads with the sender's address, or a lead's staff address or id pasted. */
function AttachForm({ email: e }: { email: UnmatchedEmail }) {
  const posted = usePostedAction('attachUnmatchedEmail', e.id);
  const state = posted?.result as ActionResult | undefined;
  const refused = state?.status === 'error';
  const chosen = posted?.values?.lead;
  const refId = `lead-ref-${e.id}`;
  const errorId = `attach-error-${e.id}`;
  return (
    <ActionForm action="attachUnmatchedEmail" resultKey={e.id} aria-label={`Attach the email “${e.subject || '(no subject)'}” to a lead`} className="space-y-3">
      <input type="hidden" name="message" value={e.id} />
      <fieldset>
        <legend className="text-sm font-semibold">Attach to a lead</legend>
        {e.candidates.length ? (
          <ul className="mt-2 space-y-1.5">
            {e.candidates.map((c) => {
              const value = `${c.kind}:${c.id}`;
              return (
                <li key={value}>
                  <label className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <input type="radio" name="lead" value={value} defaultChecked={refused && chosen === value} className="size-4 accent-violet-700" />
                    <span className="font-medium">{kindByKind[c.kind].shortLabel}</span>
                    <span>{c.name ?? c.email}</span>
                    <span className="text-muted-foreground">received {formatDateTime(c.createdAt)}</span>
                    <StatusBadge status={c.status} />
                  </label>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No lead has the address {e.fromAddress}.</p>
        )}
      </fieldset>
      <div>
        <Label htmlFor={refId}>{e.candidates.length ? 'Or paste the address or id of another lead' : 'Paste the address or id of a lead'}</Label>
        <KeptInput
          id={refId}
          name="leadRef"
          maxLength={500}
          autoComplete="off"
          placeholder="https://…/staff/leads/partner/…"
          aria-invalid={refused && state?.fieldErrors?.leadRef ? true : undefined}
          aria-describedby={refused ? errorId : undefined}
          className="h-10 text-sm"
        />
      </div>
      <SubmitButton size="sm" variant="secondary" pendingLabel="Attaching...">
        <Link2 aria-hidden />
        Attach
      </SubmitButton>
      <Refusal id={errorId} state={state} />
    </ActionForm>
  );
}

/** "Discard": a disclosure whose button deletes the email for good (the disclosure is the confirmation step). */
function DiscardForm({ email: e }: { email: UnmatchedEmail }) {
  const posted = usePostedAction('discardUnmatchedEmail', e.id);
  const state = posted?.result as ActionResult | undefined;
  return (
    <ActionForm action="discardUnmatchedEmail" resultKey={e.id} aria-label={`Discard the email “${e.subject || '(no subject)'}”`}>
      <input type="hidden" name="message" value={e.id} />
      <details open={state?.status === 'error' || undefined} className="group">
        <summary className={cn('inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg border border-border bg-white px-3 text-sm font-medium hover:bg-muted')}>
          <Trash2 aria-hidden className="size-4" />
          Discard…
        </summary>
        <div className="mt-3 space-y-2 rounded-xl border border-red-200 bg-danger-soft p-3 text-sm text-red-900">
          <p>This deletes the email for good: it cannot be undone.</p>
          <SubmitButton size="sm" name="confirm" value="yes" className="bg-none bg-red-700 hover:bg-red-800" pendingLabel="Discarding...">
            Discard for good
          </SubmitButton>
          <Refusal id={`discard-error-${e.id}`} state={state} />
        </div>
      </details>
    </ActionForm>
  );
}
