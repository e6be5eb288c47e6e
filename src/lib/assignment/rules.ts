// The assignment rules as admins set them (/staff/assignment): read, checked and saved. The assigner
// (./assign.ts) reads the same rows under its lock.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { assignmentMethods, type AssignmentMethod } from '@/lib/db/assignment-schema';
import { leadKindNames, leadKinds, type KindDef, type LeadKind } from '@/lib/leads/kinds';
import { rowsOf } from '@/lib/staff/inbox';

/** The kinds staff answer (not the newsletter's sign-ups): the ones a rule can assign. */
export const assignableKinds: readonly LeadKind[] = leadKindNames.filter((k) => !(leadKinds[k] as KindDef).subscription);
export const isAssignableKind = (v: unknown): v is LeadKind => typeof v === 'string' && (assignableKinds as readonly string[]).includes(v);

export const capMax = 1000;
export const methodLabel: Record<AssignmentMethod, string> = { 'round-robin': 'Round robin', 'fewest-open': 'Fewest open leads' };

export type Rule = { kind: LeadKind; method: AssignmentMethod; members: string[]; cap: number | null; assigned: number; missingSince: Date | null; updatedAt: Date };
/** A staff member as the rules' form lists them: whether they can take leads now. */
export type Assignee = { id: string; name: string; email: string; away: boolean; disabled: boolean; open: number };

export async function listRules(db: Db): Promise<Partial<Record<LeadKind, Rule>>> {
  const rows = await rowsOf(db, sql`select lead_type, method, members::text[] as members, cap, assigned, missing_since, updated_at from assignment_rules`);
  const out: Partial<Record<LeadKind, Rule>> = {};
  for (const r of rows) {
    const kind = r.lead_type as LeadKind;
    out[kind] = {
      kind,
      method: r.method as AssignmentMethod,
      members: (r.members as string[]) ?? [],
      cap: r.cap === null ? null : Number(r.cap),
      assigned: Number(r.assigned),
      missingSince: r.missing_since ? new Date(r.missing_since as string) : null,
      updatedAt: new Date(r.updated_at as string),
    };
  }
  return out;
}

/** Every staff account with its open leads (lead_index_open_owner_idx: only open, owned leads are read). */
export async function listAssignees(db: Db): Promise<Assignee[]> {
  const rows = await rowsOf(
    db,
    sql`select u.id::text as id, u.name, u.email, u.away_since is not null as away, u.disabled_at is not null as disabled, coalesce(o.n, 0)::int as open
      from staff_users u left join (
        select owner_id, count(*) as n from lead_index where owner_id is not null and status in ('new', 'contacted', 'qualified') group by owner_id
      ) o on o.owner_id = u.id
      order by lower(u.name), lower(u.email)`,
  );
  return rows.map((r) => ({ id: String(r.id), name: String(r.name), email: String(r.email), away: Boolean(r.away), disabled: Boolean(r.disabled), open: Number(r.open) }));
}

export type RuleInput = { kind: unknown; method: unknown; cap: unknown; members: unknown[] };
export type CheckedRule = { ok: true; kind: LeadKind; method: AssignmentMethod; cap: number | null; members: string[] } | { ok: false; field: string; message: string };

export const ruleMessages = {
  kind: 'These leads cannot be assigned by a rule. Reload the page and try again.',
  method: 'Choose how leads are shared: round robin, or the member with the fewest open leads.',
  cap: `The cap is a whole number of open leads from 1 to ${capMax.toLocaleString('en-US')}, or empty for no cap.`,
  member: 'A chosen member no longer has an active account. Reload the page and choose again.',
  noMembers: 'Choose at least one member, or clear the cap to turn automatic assignment off.',
} as const;

/** Checks what the form sent against the active accounts; no members (and no cap) turns the kind's rule off. */
export function checkRule(input: RuleInput, active: ReadonlySet<string>): CheckedRule {
  if (!isAssignableKind(input.kind)) return { ok: false, field: 'kind', message: ruleMessages.kind };
  const members = [...new Set(input.members.map(String))];
  if (members.some((m) => !active.has(m))) return { ok: false, field: 'members', message: ruleMessages.member };
  const method = assignmentMethods.find((m) => m === input.method);
  if (!method) return { ok: false, field: 'method', message: ruleMessages.method };
  const raw = typeof input.cap === 'string' ? input.cap.trim().replace(/[,_\s]/g, '') : '';
  let cap: number | null = null;
  if (raw) {
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > capMax) return { ok: false, field: 'cap', message: ruleMessages.cap };
    cap = Number(raw);
  }
  if (!members.length && cap !== null) return { ok: false, field: 'members', message: ruleMessages.noMembers };
  return { ok: true, kind: input.kind, method, cap, members };
}

/**
 * Saves a kind's rule (no members: deletes it, and its leads are no longer assigned). A changed member list
 * keeps the rotation's place; a run of misses starts afresh, so the admins hear again if the new rule
 * cannot take leads either.
 */
export async function saveRule(db: Db, actorId: string, rule: Extract<CheckedRule, { ok: true }>): Promise<void> {
  if (!rule.members.length) {
    await db.execute(sql`delete from assignment_rules where lead_type = ${rule.kind}`);
    return;
  }
  const members = sql`${`{${rule.members.join(',')}}`}::uuid[]`;
  await db.execute(sql`insert into assignment_rules (lead_type, method, members, cap, updated_by)
    values (${rule.kind}, ${rule.method}, ${members}, ${rule.cap}, ${actorId}::uuid)
    on conflict (lead_type) do update set method = excluded.method, members = excluded.members, cap = excluded.cap,
      missing_since = null, updated_at = now(), updated_by = excluded.updated_by`);
}

/** Marks a member away (the rules pass them over) or back. */
export async function setAway(db: Db, userId: string, away: boolean): Promise<void> {
  await db.execute(sql`update staff_users set away_since = ${away ? sql`coalesce(away_since, now())` : sql`null`} where id = ${userId}::uuid`);
}

/** "partner applications", "agency enquiries": a kind's leads in a sentence. */
export function kindPlural(kind: LeadKind): string {
  const label = leadKinds[kind].label.toLowerCase();
  return label.endsWith('y') ? `${label.slice(0, -1)}ies` : `${label}s`;
}
