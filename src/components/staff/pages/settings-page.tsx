import { ActionForm, ActionMessage, FieldError, KeptInput, PostedActionProvider, SubmitButton, usePostedAction } from '@/components/staff/action-form';
import { Panel } from '@/components/staff/panel';
import { Label } from '@/components/ui/label';
import type { ActionResult } from '@/lib/staff/action-state';
import type { PostedAction } from '@/lib/staff/page';
import type { Preferences } from '@/lib/staff/preferences';
import { cn } from '@/lib/utils';

export type SettingsPageProps = { preferences: Preferences; role: string; teamZone: string; zones: string[]; shortcuts: boolean; posted?: PostedAction };

const hint = 'mt-1 text-sm text-muted-foreground';

/** A box to tick, with its label beside it; after a refused post it shows what was sent. */
function Tick({ name, label, checked, describedBy }: { name: string; label: string; checked: boolean; describedBy?: string }) {
  return (
    <div className="flex items-start gap-2.5">
      <input id={`settings-${name}`} type="checkbox" name={name} defaultChecked={checked} aria-describedby={describedBy} className="mt-1 size-4 accent-violet-600" />
      <label htmlFor={`settings-${name}`} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

/** The emails a member gets from the inbox: the daily digest (time, zone) and, for admins, the weekly summary. */
function EmailSection({ preferences, role, teamZone, zones }: Omit<SettingsPageProps, 'posted' | 'shortcuts'>) {
  const posted = usePostedAction('saveMyPreferences');
  const state = posted?.result as ActionResult | undefined;
  const refused = state?.status === 'error';
  const problems = (refused && state.fieldErrors) || {};
  const first = (['digestAt', 'timeZone', 'weeklySummary'] as const).find((f) => problems[f]);
  const sent = (name: string) => (refused ? posted?.values?.[name] === 'on' : undefined);
  const describe = (field: string, own: string) => cn(own, problems[field] && `settings-${field}-error`) || undefined;
  return (
    <Panel title="Email from the inbox">
      <ActionForm action="saveMyPreferences" aria-label="Email from the inbox" className="space-y-5">
        <p className="text-sm text-muted-foreground">
          A lead you own that passes its first-response time without an answer always sends you one reminder. These emails are up to you.
        </p>
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold">Daily digest</legend>
          <Tick name="digest" label="Send me a daily digest of my open, due and overdue leads" checked={sent('digest') ?? preferences.digestAt !== null} />
          <div>
            <Label htmlFor="settings-digestAt">Time of the digest</Label>
            <KeptInput
              id="settings-digestAt"
              name="digestAt"
              defaultValue={preferences.digestAt ?? '08:00'}
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              autoFocus={first === 'digestAt'}
              aria-invalid={problems.digestAt ? true : undefined}
              aria-describedby={describe('digestAt', 'settings-digestAt-hint')}
              className="h-10 w-32 text-sm"
            />
            <p id="settings-digestAt-hint" className={hint}>
              HH:MM on the 24-hour clock, for example 08:30.
            </p>
            <FieldError id="settings-digestAt-error" text={problems.digestAt} />
          </div>
          <div>
            <Label htmlFor="settings-timeZone">My time zone</Label>
            <KeptInput
              id="settings-timeZone"
              name="timeZone"
              list="settings-zones"
              defaultValue={preferences.timeZone ?? ''}
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              autoFocus={first === 'timeZone'}
              aria-invalid={problems.timeZone ? true : undefined}
              aria-describedby={describe('timeZone', 'settings-timeZone-hint')}
              className="h-10 max-w-sm text-sm"
            />
            <datalist id="settings-zones">
              {zones.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
            <p id="settings-timeZone-hint" className={hint}>
              A zone such as Europe/Berlin. Empty: the team&apos;s, {teamZone}.
            </p>
            <FieldError id="settings-timeZone-error" text={problems.timeZone} />
          </div>
        </fieldset>
        {role === 'admin' ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Weekly summary</legend>
            <Tick
              name="weeklySummary"
              label="Send me the weekly summary on Mondays (leads per kind and source, answered on time, overdue)"
              checked={sent('weeklySummary') ?? preferences.weeklySummary}
              describedBy={problems.weeklySummary ? 'settings-weeklySummary-error' : undefined}
            />
            <FieldError id="settings-weeklySummary-error" text={problems.weeklySummary} />
          </fieldset>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton size="sm" pendingLabel="Saving...">
            Save settings
          </SubmitButton>
          <ActionMessage />
        </div>
      </ActionForm>
    </Panel>
  );
}

/**
 * The member's single-key shortcuts (WCAG 2.1.4), the same switch as in the inbox's "Keyboard shortcuts"
 * dialog (`?`), here where someone looking for their settings finds it.
 */
function KeysSection({ on }: { on: boolean }) {
  // The page is read after the post's action ran, so `on` is already what was saved.
  return (
    <Panel title="Keyboard shortcuts">
      <ActionForm action="setKeyboardShortcuts" aria-label="Keyboard shortcuts" className="space-y-4">
        <Tick name="shortcuts" label="Use single-key shortcuts in the inbox and on a lead's page" checked={on} describedBy="settings-shortcuts-hint" />
        <p id="settings-shortcuts-hint" className={cn(hint, 'mt-0')}>
          Keys such as J and K for the next and previous lead, pressed outside a text field (press ? in the inbox for the list). Turn them off if
          they get in the way of speech input or keys you use yourself.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton size="sm" pendingLabel="Saving...">
            Save shortcuts
          </SubmitButton>
          <ActionMessage />
        </div>
      </ActionForm>
    </Panel>
  );
}

/** "My settings": a list of sections, each a form of its own (the emails, the keyboard shortcuts). Being away is in the header, on every page. */
export function SettingsPage({ posted, shortcuts, ...props }: SettingsPageProps) {
  return (
    <PostedActionProvider posted={posted}>
      <div className="max-w-3xl space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">My settings</h1>
          <p className="mt-1 text-sm text-muted-foreground">What the inbox does for you alone. Each section is saved on its own.</p>
        </div>
        <EmailSection {...props} />
        <KeysSection on={shortcuts} />
      </div>
    </PostedActionProvider>
  );
}
