import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { LeadRecord } from '@/lib/staff/leads';
import type { StaffAccount } from '@/lib/staff/users';
import { ActionForm, ActionMessage, SubmitButton } from './action-form';
import { StatusOptions, OwnerOptions } from './options';

export function TriagePanel({ lead, staff }: { lead: LeadRecord; staff: StaffAccount[] }) {
  const ref = `${lead.kind}:${lead.id}`;
  return (
    <div className="space-y-5">
      <ActionForm action="updateLeadStatus" aria-label="Change status">
        <input type="hidden" name="lead" value={ref} />
        <Label htmlFor="lead-status">Status</Label>
        <div className="flex gap-2">
          <Select id="lead-status" name="status" defaultValue={lead.status} key={lead.status} className="h-10 text-sm">
            <StatusOptions />
          </Select>
          <SubmitButton size="sm" variant="secondary" className="h-10">
            Save status
          </SubmitButton>
        </div>
        {/* Stops the first-response clock for an answer given outside the lead's page (docs/speed-to-lead.md). */}
        <label className="mt-2 flex items-start gap-2 text-sm">
          <input type="checkbox" name="answered" value="on" className="mt-0.5 size-4 accent-violet-700" />
          <span>I answered this lead elsewhere (phone, own mailbox)</span>
        </label>
        <ActionMessage className="mt-1.5" />
      </ActionForm>
      <ActionForm action="assignLeadOwner" aria-label="Assign owner">
        <input type="hidden" name="lead" value={ref} />
        <Label htmlFor="lead-owner">Owner</Label>
        <div className="flex gap-2">
          <Select id="lead-owner" name="owner" defaultValue={lead.ownerId ?? 'none'} key={lead.ownerId ?? 'none'} className="h-10 text-sm">
            <OwnerOptions staff={staff} />
          </Select>
          <SubmitButton size="sm" variant="secondary" className="h-10">
            Save owner
          </SubmitButton>
        </div>
        <ActionMessage className="mt-1.5" />
      </ActionForm>
    </div>
  );
}
