import { Label } from '@/components/ui/label';
import { ActionForm, ActionMessage, KeptTextarea, SubmitButton } from './action-form';

/** The form that adds a note to a lead; the notes themselves are in the lead's timeline, in time order. */
export function NotesPanel({ leadRef }: { leadRef: string }) {
  return (
    <ActionForm action="addLeadNote" aria-label="Add a note">
      <input type="hidden" name="lead" value={leadRef} />
      <Label htmlFor="lead-note">New note</Label>
      <p id="lead-note-hint" className="mb-1.5 text-xs text-muted-foreground">
        Seen by staff only. It joins the timeline above, where it happened.
      </p>
      <KeptTextarea id="lead-note" name="note" rows={3} maxLength={5000} aria-describedby="lead-note-hint" placeholder="What happened, what's next..." className="min-h-20 text-sm" />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <SubmitButton size="sm" pendingLabel="Adding...">
          Add note
        </SubmitButton>
        <ActionMessage />
      </div>
    </ActionForm>
  );
}
