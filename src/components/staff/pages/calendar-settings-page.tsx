import { Save } from 'lucide-react';
import { ActionForm, ActionMessage, PostedActionProvider, SubmitButton } from '@/components/staff/action-form';
import { HolidayField, WeekFields, ZoneField } from '@/components/staff/calendar-fields';
import { Panel } from '@/components/staff/panel';
import { promiseText, responsePromises } from '@/lib/config/response-promises';
import type { LeadKind } from '@/lib/leads/kinds';
import type { TeamCalendar } from '@/lib/speed/business-hours';
import { dueSoonHours } from '@/lib/speed/due-text';
import { kindByKind } from '@/lib/staff/lead-kinds';
import type { PostedAction } from '@/lib/staff/page';

/** The team's calendar and the first-response targets (the route has checked that the viewer is an admin). */
export function CalendarSettingsPage({ calendar, zones, posted }: { calendar: TeamCalendar; zones: string[]; posted?: PostedAction }) {
  return (
    <PostedActionProvider posted={posted}>
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Team calendar</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
            The first-response clock counts each lead’s target in these business hours: 24 hours are one working day, so a lead that arrives on Friday at 17:00 in a
            Monday-to-Friday 9-to-17 team is due on Monday at 17:00. Nothing counts while the team is closed. Saving moves the due time of every open lead not yet answered.
          </p>
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <Panel title="Business hours" className="lg:col-span-2">
            <ActionForm action="saveCalendar" aria-label="Team calendar" className="space-y-6">
              <ZoneField calendar={calendar} zones={zones} />
              <WeekFields calendar={calendar} />
              <HolidayField calendar={calendar} />
              <div className="flex flex-wrap items-center gap-3">
                <SubmitButton size="sm" pendingLabel="Saving...">
                  <Save aria-hidden />
                  Save calendar
                </SubmitButton>
                <ActionMessage />
              </div>
            </ActionForm>
          </Panel>
          <Panel title="First-response targets">
            <TargetsTable />
          </Panel>
        </div>
      </div>
    </PostedActionProvider>
  );
}

/**
 * The targets per kind, read-only: they are what the site promises visitors (its forms, emails and programme
 * pages read them from lib/config/response-promises.ts), so changing one here would break a promise made in
 * public; a change goes through the code, where the pages change with it.
 */
function TargetsTable() {
  return (
    <div className="space-y-3 text-sm">
      <table className="w-full border-collapse">
        <caption className="sr-only">First-response target per kind of lead</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <th scope="col" className="py-2">
              Kind
            </th>
            <th scope="col" className="py-2">
              Target
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {(Object.entries(responsePromises) as [LeadKind, (typeof responsePromises)[keyof typeof responsePromises]][]).map(([kind, promise]) => (
            <tr key={kind}>
              <th scope="row" className="py-2 text-left font-medium">
                {kindByKind[kind].label}
              </th>
              <td className="py-2">{'days' in promise ? `${promiseText(promise)}, calendar days (the law’s deadline)` : `${promiseText(promise)}, business hours`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-muted-foreground">
        What the site promises visitors, so read-only here: the forms, their emails and the programme pages say the same. Newsletter sign-ups are promised no answer. “Due
        soon” shows leads due within {dueSoonHours} hours.
      </p>
    </div>
  );
}
