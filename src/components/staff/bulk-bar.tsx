import { Archive, MailCheck } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ActionMessage, SubmitButton } from './action-form';
import { StatusOptions } from './options';

/** The bulk actions on the selected rows (inside the bulk ActionForm that wraps the table); in the Spam view, "Not spam" too. */
export function BulkBar({ spamView = false }: { spamView?: boolean }) {
  return (
    <div className="flex flex-wrap items-end gap-2 border-b border-border px-4 py-3">
      <div>
        <Label htmlFor="bulk-status" className="text-xs text-muted-foreground">
          Set status of selected leads
        </Label>
        <div className="flex flex-wrap gap-2">
          <Select id="bulk-status" name="status" defaultValue="contacted" className="h-9 w-40 py-1 text-sm sm:w-44">
            <StatusOptions />
          </Select>
          <SubmitButton name="intent" value="status" size="sm" variant="secondary">
            Apply to selected
          </SubmitButton>
        </div>
      </div>
      {spamView ? (
        <SubmitButton name="intent" value="not-spam" size="sm" variant="secondary">
          <MailCheck aria-hidden />
          Not spam
        </SubmitButton>
      ) : null}
      <SubmitButton name="intent" value="archive" size="sm" variant="secondary">
        <Archive aria-hidden />
        Archive selected
      </SubmitButton>
      <ActionMessage className="w-full sm:ml-2 sm:w-auto sm:self-center" />
    </div>
  );
}
