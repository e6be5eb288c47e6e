import { Plus } from 'lucide-react';
import { ActionForm, ActionMessage, FieldError, KeptInput, KeptTextarea, PostedActionProvider, SubmitButton, usePostedAction } from '@/components/staff/action-form';
import { Panel } from '@/components/staff/panel';
import { Label } from '@/components/ui/label';
import { replyMessageMax } from '@/lib/conversations/compose';
import { snippetTitleMax, snippetsMax, type Snippet } from '@/lib/conversations/snippets';
import type { ActionResult } from '@/lib/staff/action-state';
import { formatDateTime } from '@/lib/staff/format';
import type { PostedAction } from '@/lib/staff/page';
import { cn } from '@/lib/utils';

/** The title and text fields of a saved reply (`idPrefix` tells apart the forms of one page), with the errors of their last post. */
function SnippetFields({ idPrefix, action, resultKey = '', snippet }: { idPrefix: string; action: 'addReplySnippet' | 'editReplySnippet'; resultKey?: string; snippet?: Snippet }) {
  const state = usePostedAction(action, resultKey)?.result as ActionResult | undefined;
  const problems = (state?.status === 'error' && state.fieldErrors) || {};
  const first = problems.title ? 'title' : problems.body ? 'body' : undefined;
  const describe = (field: 'title' | 'body', hint?: string) => cn(hint, problems[field] && `${idPrefix}-${field}-error`) || undefined;
  return (
    <>
      <div>
        <Label htmlFor={`${idPrefix}-title`}>Title</Label>
        <KeptInput
          id={`${idPrefix}-title`}
          name="title"
          defaultValue={snippet?.title}
          maxLength={snippetTitleMax}
          autoComplete="off"
          autoFocus={first === 'title'}
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={describe('title')}
          className="h-10 text-sm"
        />
        <FieldError id={`${idPrefix}-title-error`} text={problems.title} />
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-body`}>Text</Label>
        <KeptTextarea
          id={`${idPrefix}-body`}
          name="body"
          defaultValue={snippet?.body}
          rows={snippet ? 5 : 7}
          maxLength={replyMessageMax}
          autoFocus={first === 'body'}
          aria-invalid={problems.body ? true : undefined}
          aria-describedby={describe('body', 'snippet-placeholders')}
          className="text-sm"
        />
        <FieldError id={`${idPrefix}-body-error`} text={problems.body} />
      </div>
    </>
  );
}

/** The saved replies, each editable, and a form to add one (the route has checked that the user is an admin). */
export function SavedRepliesPage({ snippets, posted }: { snippets: Snippet[]; posted?: PostedAction }) {
  // The answer about a saved reply that is no longer listed (deleted): said at the top, where its form was not.
  const gone = posted?.action === 'editReplySnippet' && !snippets.some((s) => s.id === posted.key) ? (posted.result as ActionResult) : undefined;
  return (
    <PostedActionProvider posted={posted}>
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Saved replies</h1>
          <p id="snippet-placeholders" className="mt-1 max-w-3xl text-sm text-muted-foreground">
            Text any staff member can insert into a reply on a lead&apos;s page. {'{firstName}'} becomes the lead&apos;s first name (“there” when they gave
            none) and {'{myName}'} the name of the person replying. Admins edit them: at most {snippetsMax} saved replies, each up to{' '}
            {replyMessageMax.toLocaleString('en-US')} characters.
          </p>
        </div>
        <p role="status" className={cn('text-sm font-medium empty:hidden', gone?.status === 'error' ? 'text-danger' : 'text-success')}>
          {gone?.message ? <span key={gone.at}>{gone.message}</span> : null}
        </p>
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <Panel title="Saved replies" className="lg:col-span-2">
            {snippets.length ? (
              <ul className="divide-y divide-border">
                {snippets.map((s) => (
                  <li key={s.id} className="py-5 first:pt-0 last:pb-0">
                    <ActionForm action="editReplySnippet" resultKey={s.id} aria-label={`Saved reply: ${s.title}`} className="space-y-3">
                      <input type="hidden" name="snippet" value={s.id} />
                      <SnippetFields idPrefix={`snippet-${s.id}`} action="editReplySnippet" resultKey={s.id} snippet={s} />
                      <div className="flex flex-wrap items-center gap-2">
                        <SubmitButton name="intent" value="save" size="sm" variant="secondary" pendingLabel="Saving...">
                          Save<span className="sr-only"> {s.title}</span>
                        </SubmitButton>
                        <SubmitButton name="intent" value="delete" size="sm" variant="ghost" className="text-danger hover:bg-danger-soft">
                          Delete<span className="sr-only"> {s.title}</span>
                        </SubmitButton>
                        <span className="text-xs text-muted-foreground">Changed {formatDateTime(s.updatedAt)}</span>
                        <ActionMessage className="basis-full" />
                      </div>
                    </ActionForm>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No saved replies yet. Add the answers the team writes often.</p>
            )}
          </Panel>
          <Panel title="Add a saved reply">
            <ActionForm action="addReplySnippet" aria-label="Add a saved reply" className="space-y-4">
              <SnippetFields idPrefix="new-snippet" action="addReplySnippet" />
              <SubmitButton size="sm" pendingLabel="Adding...">
                <Plus aria-hidden />
                Add saved reply
              </SubmitButton>
              <ActionMessage />
            </ActionForm>
          </Panel>
        </div>
      </div>
    </PostedActionProvider>
  );
}
