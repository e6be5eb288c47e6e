import { z } from 'zod';
import { isLeadKind } from '@/lib/leads/kinds';
import {
  controlCharacters,
  fillPlaceholders,
  firstNameOf,
  replyMessageMax,
  replyRefusalFor,
  replySubjectMax,
  smtpOffMessage,
  type ComposerResult,
} from '@/lib/conversations/compose';
import { writeReply } from '@/lib/conversations/outbound';
import { addSnippet, changeSnippet, deleteSnippet, getSnippet, snippetProblems, snippetsMax } from '@/lib/conversations/snippets';
import { emailsOn } from '@/lib/notify/config';
import { nudgeDeliveryLoop } from '@/lib/notify/nudge';
import { fail, ok } from '../action-state';
import { isUuid } from '../filters';
import { getLead } from '../leads';
import { statusLabel } from '../lead-kinds';
import { field, staffAction } from './define';

const gone = 'This lead no longer exists.';
const lead = field.parsed((raw) => {
  if (typeof raw !== 'string') return null;
  const [kind, id] = raw.split(':');
  return isLeadKind(kind) && isUuid(id) ? { kind, id } : null;
}, gone);

/** What is wrong with a reply about to be sent, by field ({} when nothing). */
function replyProblems(subject: string, message: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!subject) problems.subject = 'Write a subject.';
  else if (subject.length > replySubjectMax) problems.subject = `A subject can be at most ${replySubjectMax} characters (this one has ${subject.length}).`;
  else if (controlCharacters.test(subject)) problems.subject = 'The subject contains characters that are not allowed.';
  if (!message) problems.message = 'Write a message first.';
  else if (message.length > replyMessageMax)
    problems.message = `A reply can be at most ${replyMessageMax.toLocaleString('en-US')} characters (this one has ${message.length.toLocaleString('en-US')}).`;
  else if (controlCharacters.test(message)) problems.message = 'The message contains characters that are not allowed.';
  return problems;
}

/**
 * The reply composer of a lead's page: "Send reply" stores the reply and queues its email
 * (lib/conversations/outbound.ts); "Insert" (the page without JavaScript) answers with the draft and the
 * chosen saved reply added to its end, its placeholders filled.
 */
export const sendLeadReply = staffAction(
  {
    event: 'staff.lead_reply',
    input: z.object({ lead, intent: z.unknown(), subject: field.text, message: field.text, snippet: z.unknown(), token: z.unknown() }),
  },
  async ({ user, db, input, audit }): Promise<ComposerResult> => {
    const now = await getLead(db, input.lead.kind, input.lead.id);
    if (!now) return fail(gone);
    const refusal = replyRefusalFor(user.role, now.kind, now.status);
    if (refusal) return fail(refusal);
    if (!emailsOn()) return fail(smtpOffMessage);
    const placeholders = { firstName: firstNameOf(now.fields), myName: user.name };
    if (input.intent === 'insert') {
      const snippet = isUuid(input.snippet) ? await getSnippet(db, input.snippet) : undefined;
      if (!snippet) {
        const problem = input.snippet ? 'This saved reply no longer exists.' : 'Choose a saved reply to insert.';
        return fail(problem, { snippet: problem });
      }
      const text = fillPlaceholders(snippet.body, placeholders);
      const typed = input.message.trimEnd();
      return { status: 'idle', message: `Inserted “${snippet.title}”.`, at: Date.now(), draft: { subject: input.subject, message: typed ? `${typed}\n\n${text}` : text } };
    }
    const subject = input.subject.replace(/\s+/g, ' ').trim();
    const body = fillPlaceholders(input.message.replace(/\r\n?/g, '\n').trim(), placeholders);
    const problems = replyProblems(subject, body);
    const first = Object.values(problems)[0];
    if (first) return fail(first, problems);
    if (typeof input.token !== 'string' || !isUuid(input.token)) return fail('This form is out of date: reload the page, then send your reply again.');
    const written = await writeReply(db, { kind: now.kind, id: now.id, authorId: user.id, subject, body, formToken: input.token });
    if (written.status === 'gone') return fail(gone);
    if (written.status === 'token-used') return fail('This form was already used for another reply: reload the page, then send again.');
    nudgeDeliveryLoop(0);
    audit({ lead: input.lead, message: written.messageId, duplicate: written.duplicate, contacted: written.contacted });
    return ok(`Reply queued for ${written.to}: it goes out now.${written.contacted ? ` The lead is now ${statusLabel.contacted}.` : ''}`);
  },
);

const snippetFields = { title: field.text.transform((v) => v.replace(/\s+/g, ' ').trim()), body: field.text.transform((v) => v.replace(/\r\n?/g, '\n').trim()) };

/** Which problem of a saved reply to say first, with every field's. */
function snippetRefusal(input: { title: string; body: string }) {
  const problems = snippetProblems(input);
  const first = problems.title ?? problems.body;
  return first ? fail(first, problems) : undefined;
}

/** /staff/saved-replies: an admin adds a saved reply. */
export const addReplySnippet = staffAction({ event: 'staff.snippet_added', role: 'admin', input: z.object(snippetFields) }, async ({ user, db, input, audit }) => {
  const refused = snippetRefusal(input);
  if (refused) return refused;
  if (!(await addSnippet(db, user.id, input))) return fail(`There can be at most ${snippetsMax} saved replies: delete one first.`);
  audit({});
  return ok(`Saved reply “${input.title}” added.`);
});

/** /staff/saved-replies: an admin changes or deletes a saved reply (the button says which). */
export const editReplySnippet = staffAction(
  {
    event: 'staff.snippet_changed',
    role: 'admin',
    input: z.object({
      snippet: field.uuid('This saved reply no longer exists.'),
      intent: field.parsed((v) => (v === 'save' || v === 'delete' ? v : null), 'Unknown action.'),
      ...snippetFields,
    }),
  },
  async ({ user, db, input, audit }) => {
    audit({ snippet: input.snippet, intent: input.intent });
    if (input.intent === 'delete') {
      const title = await deleteSnippet(db, input.snippet);
      return title === undefined ? fail('This saved reply no longer exists.') : ok(`Saved reply “${title}” deleted.`);
    }
    const refused = snippetRefusal(input);
    if (refused) return refused;
    return (await changeSnippet(db, user.id, input.snippet, input)) ? ok('Saved.') : fail('This saved reply no longer exists.');
  },
);
