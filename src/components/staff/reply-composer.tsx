import * as React from 'react';
import { Send } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { fillPlaceholders, replyMessageMax, replySubjectMax, type ComposerResult } from '@/lib/conversations/compose';
import type { ComposerData } from '@/lib/conversations/composer';
import type { PostedAction } from '@/lib/staff/page';
import { cn } from '@/lib/utils';
import { ActionForm, FieldError, SubmitButton } from './action-form';

export type ReplyComposerProps = ComposerData & {
  /** "kind:id" of the lead. */
  leadRef: string;
  /** Whether the writer may edit the saved replies (admins: a link to them). */
  canEditSnippets: boolean;
  /** The answer of this form's post, when it posted (`sendLeadReply`). */
  posted?: PostedAction;
};

/**
 * The reply composer of a lead's page: subject, message and a saved-reply picker, posted to the page
 * (`sendLeadReply`). It works without JavaScript: "Insert" posts the draft and the page comes back with the
 * saved reply added at its end; an error keeps everything typed. With JavaScript (an island) "Insert" puts
 * the saved reply at the cursor at once. The hidden token makes a form posted twice send once.
 */
export function ReplyComposer({ leadRef, refusal, from, to, subject, firstName, myName, snippets, token, canEditSnippets, posted }: ReplyComposerProps) {
  const messageRef = React.useRef<HTMLTextAreaElement>(null);
  const pickerRef = React.useRef<HTMLSelectElement>(null);
  // Whether the writer has put the cursor in the message (else an insert goes at its end, as without JavaScript).
  const placed = React.useRef(false);
  const [said, setSaid] = React.useState<{ text: string; error: boolean; at: number } | null>(null);
  // The writer may have been typing before the island woke up (on their first key or click in it).
  React.useEffect(() => {
    if (messageRef.current && document.activeElement === messageRef.current) placed.current = true;
  }, []);
  const place = () => (placed.current = true);

  if (refusal) return <p className="text-sm text-muted-foreground">{refusal}</p>;

  const result = posted?.result as ComposerResult | undefined;
  const error = result?.status === 'error';
  const typed = error ? posted?.values : undefined;
  const draft = result?.draft ?? (typed ? { subject: typed.subject ?? subject, message: typed.message ?? '' } : { subject, message: '' });
  const problems = (error && result?.fieldErrors) || {};
  const invalid = (['subject', 'message', 'snippet'] as const).find((f) => problems[f]);
  const shown = said ?? (result?.message ? { text: result.message, error, at: result.at ?? 0 } : null);

  function insert(event: React.MouseEvent<HTMLButtonElement>) {
    const box = messageRef.current;
    const picker = pickerRef.current;
    if (!box || !picker) return; // not hydrated yet: the form posts, and the page inserts it
    event.preventDefault();
    const snippet = snippets.find((s) => s.id === picker.value);
    if (!snippet) {
      setSaid({ text: 'Choose a saved reply to insert.', error: true, at: Date.now() });
      picker.focus();
      return;
    }
    const text = fillPlaceholders(snippet.body, { firstName, myName });
    if (placed.current) {
      // A saved reply is a paragraph of its own: in the middle of a line it goes on lines of its own.
      const before = box.value.slice(0, box.selectionStart);
      const after = box.value.slice(box.selectionEnd);
      const gapBefore = before && !before.endsWith('\n') ? '\n\n' : '';
      const gapAfter = after && !after.startsWith('\n') ? '\n\n' : '';
      box.setRangeText(`${gapBefore}${text}${gapAfter}`, box.selectionStart, box.selectionEnd, 'end');
      box.setSelectionRange(box.selectionEnd - gapAfter.length, box.selectionEnd - gapAfter.length);
    } else {
      const before = box.value.trimEnd();
      box.value = before ? `${before}\n\n${text}` : text;
      box.setSelectionRange(box.value.length, box.value.length);
    }
    placed.current = true;
    box.focus();
    setSaid({ text: `Inserted “${snippet.title}”.`, error: false, at: Date.now() });
  }

  return (
    <ActionForm action="sendLeadReply" aria-label="Reply to the lead" className="space-y-4">
      <input type="hidden" name="lead" value={leadRef} />
      <input type="hidden" name="token" value={token} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">From</dt>
        <dd className="min-w-0 break-words">{from}</dd>
        <dt className="text-muted-foreground">To</dt>
        <dd className="min-w-0 break-all">{to}</dd>
      </dl>
      <div>
        <Label htmlFor="reply-subject">Subject</Label>
        <Input
          id="reply-subject"
          name="subject"
          defaultValue={draft.subject}
          maxLength={replySubjectMax}
          autoComplete="off"
          autoFocus={invalid === 'subject'}
          aria-invalid={problems.subject ? true : undefined}
          aria-describedby={problems.subject ? 'reply-subject-error' : undefined}
          className="h-10 text-sm"
        />
        <FieldError id="reply-subject-error" text={problems.subject} />
      </div>
      <div>
        <Label htmlFor="reply-message">Message</Label>
        <p id="reply-message-hint" className="-mt-1 mb-1.5 text-xs text-muted-foreground">
          Plain text, at most {replyMessageMax.toLocaleString('en-US')} characters. {'{firstName}'} becomes {firstName === 'there' ? '“there” (no name was given)' : firstName} and{' '}
          {'{myName}'} your name.
        </p>
        <Textarea
          id="reply-message"
          name="message"
          ref={messageRef}
          rows={8}
          defaultValue={draft.message}
          maxLength={replyMessageMax}
          onFocus={place}
          onSelect={place}
          onInput={place}
          autoFocus={invalid === 'message' || (!error && Boolean(result?.draft))}
          aria-invalid={problems.message ? true : undefined}
          aria-describedby={cn('reply-message-hint', problems.message && 'reply-message-error')}
          className="text-sm"
        />
        <FieldError id="reply-message-error" text={problems.message} />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton name="intent" value="send" size="sm" pendingLabel="Sending...">
            <Send aria-hidden />
            Send reply
          </SubmitButton>
          <p role="status" className={cn('text-sm font-medium empty:hidden', shown?.error ? 'text-danger' : 'text-success')}>
            {shown ? <span key={shown.at}>{shown.text}</span> : null}
          </p>
        </div>
        {snippets.length ? (
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <Label htmlFor="reply-snippet">Saved reply</Label>
              <Select
                id="reply-snippet"
                name="snippet"
                ref={pickerRef}
                defaultValue={posted?.values?.snippet ?? ''}
                autoFocus={invalid === 'snippet'}
                aria-invalid={problems.snippet ? true : undefined}
                aria-describedby={problems.snippet ? 'reply-snippet-error' : undefined}
                className="h-9 w-56 max-w-full py-1 text-sm"
              >
                <option value="">Choose a saved reply</option>
                {snippets.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" name="intent" value="insert" size="sm" variant="secondary" onClick={insert}>
              Insert
            </Button>
            <FieldError id="reply-snippet-error" text={problems.snippet} />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            No saved replies yet.
            {canEditSnippets ? (
              <>
                {' '}
                <Link href="/staff/saved-replies" className="font-medium text-brand-strong underline underline-offset-2">
                  Add saved replies
                </Link>
              </>
            ) : null}
          </p>
        )}
      </div>
    </ActionForm>
  );
}
