import { Label } from '@/components/ui/label';
import { formatDateTime } from '@/lib/staff/format';
import type { NoteEntry } from '@/lib/staff/leads';
import { ActionForm, ActionMessage, KeptTextarea, SubmitButton } from './action-form';

export function NotesPanel({ leadRef, notes }: { leadRef: string; notes: NoteEntry[] }) {
  return (
    <div className="space-y-5">
      <ActionForm action="addLeadNote" aria-label="Add a note">
        <input type="hidden" name="lead" value={leadRef} />
        <Label htmlFor="lead-note">New note</Label>
        <KeptTextarea id="lead-note" name="note" rows={3} maxLength={5000} placeholder="What happened, what's next..." className="min-h-20 text-sm" />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <SubmitButton size="sm" pendingLabel="Adding...">
            Add note
          </SubmitButton>
          <ActionMessage />
        </div>
      </ActionForm>
      {notes.length ? (
        <ol className="space-y-3">
          {notes.map((n) => (
            <li key={n.id} className="rounded-xl border border-border bg-muted p-3">
              <p className="text-sm break-words whitespace-pre-wrap">{n.body}</p>
              <p className="mt-2 text-xs text-muted-foreground">
                {n.by ?? 'A former staff member'} · {formatDateTime(n.at)}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      )}
    </div>
  );
}
