import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { ArrowLeft } from 'lucide-react';
import { PostedActionProvider } from '@/components/staff/action-form';
import { DataRequestPanel, linkEmailOf } from '@/components/staff/data-request-panel';
import { DeliveriesPanel } from '@/components/staff/deliveries-panel';
import { LeadFields } from '@/components/staff/lead-fields';
import { NotesPanel } from '@/components/staff/notes-panel';
import { Panel } from '@/components/staff/panel';
import { StatusBadge } from '@/components/staff/status-badge';
import { TriagePanel } from '@/components/staff/triage-panel';
import { DueLine } from '@/components/staff/due-line';
import type { LeadClock } from '@/lib/speed/lead-clock';
import type { auditOf, DataRequest } from '@/lib/staff/data-requests';
import type { ConsentEntry } from '@/lib/staff/leads';
import { ConsentList } from '@/components/staff/consent-list';
import { ScreeningPanel } from '@/components/staff/screening-panel';
import { AttributionPanel } from '@/components/staff/attribution-panel';
import type { Attribution } from '@/lib/leads/attribution';
import type { ScreeningRecord } from '@/lib/spam/release';
import { deletionDate } from '@/lib/retention/periods';
import { formatDateTime } from '@/lib/staff/format';
import type { KindInfo } from '@/lib/staff/lead-kinds';
import type { getLead } from '@/lib/staff/leads';
import type { Timeline as TimelineData } from '@/lib/conversations/timeline';
import type { listPersonLeads } from '@/lib/conversations/person';
import { PersonLeads } from '@/components/staff/person-leads';
import { Timeline } from '@/components/staff/timeline';
import type { PostedAction } from '@/lib/staff/page';
import type { StaffUser } from '@/lib/staff/sessions';
import type { listStaff } from '@/lib/staff/users';
import type { listDeliveries } from '@/lib/notify/deliveries';

/** What the lead's page shows, read by its route (src/pages/staff/leads/[type]/[id].astro); null: the lead is gone. */
export type LeadPageData = {
  lead: NonNullable<Awaited<ReturnType<typeof getLead>>>;
  /** What happened to it, oldest first (lib/conversations/timeline.ts): all, or the newest events. */
  timeline: TimelineData;
  /** The person's other leads: the same email address (lib/conversations/person.ts). */
  person: Awaited<ReturnType<typeof listPersonLeads>>;
  staff: Awaited<ReturnType<typeof listStaff>>;
  /** The data request's audit trail (admins only; empty otherwise). */
  audit: Awaited<ReturnType<typeof auditOf>>;
  /** The data request's checks and deadline (admins only). */
  request?: DataRequest | null;
  /** The consents given with the lead (newsletter, trial terms). */
  consents?: ConsentEntry[];
  /** Where the lead came from (null: not recorded). */
  attribution?: Attribution | null;
  /** Why the spam screening held the lead, when it did. */
  screening?: ScreeningRecord | null;
  deliveries: Awaited<ReturnType<typeof listDeliveries>>;
  /** The first-response clock (lib/speed/lead-clock.ts) and the instant the page was rendered at. */
  clock?: LeadClock | null;
  now?: Date;
} | null;

type Props = {
  user: StaffUser;
  info: KindInfo;
  id: string;
  data: LeadPageData;
  posted?: PostedAction;
  /** The reply composer (an Astro slot: an island); none for a kind that takes no replies. */
  reply?: ReactNode;
  /** Keyboard triage's bar (an Astro slot: an island): the list's previous and next leads, quick actions, keys. */
  keys?: ReactNode;
  /** The inbox list the lead was opened from (default: the open inbox). */
  back?: string;
};

/**
 * A lead with its timeline (the form post, emails in and out, status and owner changes, notes, notifications),
 * the reply composer, triage and notifications (the route has checked the session and that the lead exists).
 */
export function LeadPage({ user, info, id, data, posted, reply, keys, back = '/staff' }: Props) {
  if (!data) return <p className="text-sm text-muted-foreground">This lead no longer exists.</p>;
  const { lead, staff, audit, deliveries } = data;
  const f = lead.fields;
  const title = (f.name as string) || [f.first_name, f.last_name].filter(Boolean).join(' ') || String(f.email);

  return (
    <PostedActionProvider posted={posted}>
      <div className="space-y-6">
        <Link href={back} className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden className="size-4" />
          Back to the inbox
        </Link>
        {/* A box of its own: the island's element (display: contents) takes no margin of space-y. */}
        {keys ? <div>{keys}</div> : null}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-strong">{info.label}</p>
            <h1 className="mt-0.5 text-2xl font-bold tracking-tight break-words">{title}</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              Received {formatDateTime(lead.createdAt)} · Owner: {lead.ownerName ?? 'unassigned'}
            </p>
            <DueLine clock={data.clock} now={data.now ?? new Date()} />
            <PersonLeads email={String(f.email ?? '')} {...data.person} />
          </div>
          <StatusBadge status={lead.status} className="px-3 py-1 text-sm" />
        </div>

        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            {data.screening ? (
              <Panel title={data.screening.releasedAt ? 'Spam screening' : data.screening.verdict === 'held' ? 'Held for review' : 'Held as spam'}>
                <ScreeningPanel leadRef={`${lead.kind}:${lead.id}`} screening={data.screening} canRelease={lead.kind !== 'dataRequest' || user.role === 'admin'} />
              </Panel>
            ) : null}
            <Panel title="Details">
              <LeadFields info={info} fields={lead.fields} createdAt={lead.createdAt} id={lead.id} deletion={deletionDate(lead.kind, lead.createdAt, lead.status, lead.fields, data.request?.dueBy)} />
            </Panel>
            {data.consents?.length ? (
              <Panel title="Consent">
                <ConsentList consents={data.consents} confirmedAt={lead.kind === 'newsletter' && lead.fields.confirmed_at ? new Date(String(lead.fields.confirmed_at)) : null} />
              </Panel>
            ) : null}
            <Panel title="Timeline">
              <Timeline {...data.timeline} owner={lead.ownerName} path={`/staff/leads/${info.slug}/${id}`} />
            </Panel>
            {reply ? <Panel title="Reply">{reply}</Panel> : null}
            <Panel title="Notes">
              <NotesPanel leadRef={`${lead.kind}:${lead.id}`} />
            </Panel>
          </div>
          <div className="space-y-6">
            <Panel title="Triage">
              <TriagePanel lead={lead} staff={staff.filter((u) => !u.disabled)} />
            </Panel>
            {info.kind === 'dataRequest' && user.role === 'admin' ? (
              <Panel title="Data request">
                <DataRequestPanel requestId={lead.id} email={String(f.email)} audit={audit} request={data.request ?? null} link={linkEmailOf(deliveries)} />
              </Panel>
            ) : null}
            <Panel title="Source">
              <AttributionPanel attribution={data.attribution ?? null} />
            </Panel>
            <Panel title="Notifications">
              <DeliveriesPanel deliveries={deliveries} back={`/staff/leads/${info.slug}/${id}`} />
            </Panel>
          </div>
        </div>
      </div>
    </PostedActionProvider>
  );
}
