// Saved replies (snippets): a title and a text with {firstName} and {myName}, inserted into a reply on a
// lead's page by any staff member, and added, changed and deleted by admins (/staff/saved-replies).
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { replySnippets } from '@/lib/db/conversation-schema';
import { controlCharacters, replyMessageMax } from './compose';

export type Snippet = { id: string; title: string; body: string; updatedAt: Date };

export const snippetTitleMax = 100;
/** At most this many: every one is in the picker of each lead's page. */
export const snippetsMax = 100;

/** Every saved reply, by title. */
export async function listSnippets(db: Db): Promise<Snippet[]> {
  return db
    .select({ id: replySnippets.id, title: replySnippets.title, body: replySnippets.body, updatedAt: replySnippets.updatedAt })
    .from(replySnippets)
    .orderBy(asc(sql`lower(${replySnippets.title})`), asc(replySnippets.id));
}

export async function getSnippet(db: Db, id: string): Promise<Snippet | undefined> {
  const [row] = await db
    .select({ id: replySnippets.id, title: replySnippets.title, body: replySnippets.body, updatedAt: replySnippets.updatedAt })
    .from(replySnippets)
    .where(eq(replySnippets.id, id));
  return row;
}

export type SnippetInput = { title: string; body: string };

/** What is wrong with a saved reply's title and text, by field ({} when nothing). */
export function snippetProblems({ title, body }: SnippetInput): Partial<Record<keyof SnippetInput, string>> {
  const problems: Partial<Record<keyof SnippetInput, string>> = {};
  if (!title) problems.title = 'Give the saved reply a title.';
  else if (title.length > snippetTitleMax) problems.title = `A title can be at most ${snippetTitleMax} characters.`;
  else if (controlCharacters.test(title) || /[\r\n\t]/.test(title)) problems.title = 'The title contains characters that are not allowed.';
  if (!body) problems.body = 'Write the text of the saved reply.';
  else if (body.length > replyMessageMax) problems.body = `A saved reply can be at most ${replyMessageMax.toLocaleString('en-US')} characters.`;
  else if (controlCharacters.test(body)) problems.body = 'The text contains characters that are not allowed.';
  return problems;
}

/** Adds one; false when there are already `snippetsMax`. */
export async function addSnippet(db: Db, by: string, input: SnippetInput): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(replySnippets);
  if (Number(n) >= snippetsMax) return false;
  await db.insert(replySnippets).values({ title: input.title, body: input.body, updatedBy: by });
  return true;
}

/** Changes one; false when it no longer exists. */
export async function changeSnippet(db: Db, by: string, id: string, input: SnippetInput): Promise<boolean> {
  const rows = await db
    .update(replySnippets)
    .set({ title: input.title, body: input.body, updatedBy: by, updatedAt: sql`now()` })
    .where(eq(replySnippets.id, id))
    .returning({ id: replySnippets.id });
  return rows.length > 0;
}

/** Deletes one; its title, or undefined when it no longer exists. */
export async function deleteSnippet(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.delete(replySnippets).where(eq(replySnippets.id, id)).returning({ title: replySnippets.title });
  return row?.title;
}
