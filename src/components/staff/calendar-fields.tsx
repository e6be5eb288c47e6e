import { FieldError, KeptInput, KeptTextarea, useFieldError } from '@/components/staff/action-form';
import { Label } from '@/components/ui/label';
import { weekdays, type TeamCalendar, type Weekday } from '@/lib/speed/business-hours';

const dayName: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
/** The week as a team reads it, Monday first. */
const week: Weekday[] = [...weekdays.slice(1), 'sun'];

/** The zone, typed (an IANA name, suggested from the platform's list). */
export function ZoneField({ calendar, zones }: { calendar: TeamCalendar; zones: string[] }) {
  const error = useFieldError('timeZone');
  return (
    <div>
      <Label htmlFor="calendar-zone">Time zone</Label>
      <p id="calendar-zone-hint" className="-mt-1 mb-1.5 text-xs text-muted-foreground">
        An IANA name such as Europe/Berlin, America/New_York or UTC. Changes of the clocks follow the zone.
      </p>
      <KeptInput
        id="calendar-zone"
        name="timeZone"
        defaultValue={calendar.timeZone}
        list="calendar-zones"
        required
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'calendar-zone-hint calendar-zone-error' : 'calendar-zone-hint'}
        className="h-10 max-w-sm text-sm"
      />
      <datalist id="calendar-zones">
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <FieldError id="calendar-zone-error" text={error} />
    </div>
  );
}

/** One working day: opening and closing times (both empty: closed). */
function DayRow({ day, hours }: { day: Weekday; hours: TeamCalendar['hours'][Weekday] }) {
  const error = useFieldError(`open-${day}`);
  const describedBy = error ? `calendar-${day}-error` : undefined;
  return (
    <fieldset className="grid grid-cols-[7rem_1fr_1fr] items-center gap-x-3 gap-y-1 max-sm:grid-cols-[1fr_1fr]">
      <legend className="sr-only">{dayName[day]}</legend>
      <span aria-hidden className="text-sm font-medium max-sm:col-span-2">
        {dayName[day]}
      </span>
      <div>
        <Label htmlFor={`calendar-open-${day}`} className="sr-only">
          {dayName[day]} opening time
        </Label>
        <KeptInput id={`calendar-open-${day}`} name={`open-${day}`} defaultValue={hours?.open ?? ''} placeholder="closed" inputMode="numeric" maxLength={5} autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={describedBy} className="h-9 text-sm" />
      </div>
      <div>
        <Label htmlFor={`calendar-close-${day}`} className="sr-only">
          {dayName[day]} closing time
        </Label>
        <KeptInput id={`calendar-close-${day}`} name={`close-${day}`} defaultValue={hours?.close ?? ''} placeholder="closed" inputMode="numeric" maxLength={5} autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={describedBy} className="h-9 text-sm" />
      </div>
      <div className="col-span-full">
        <FieldError id={`calendar-${day}-error`} text={error} />
      </div>
    </fieldset>
  );
}

/** The week's hours, Monday first. */
export function WeekFields({ calendar }: { calendar: TeamCalendar }) {
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">Working days</p>
      <p className="text-xs text-muted-foreground">Opening and closing times as HH:MM in the team’s zone (closing up to 24:00). Leave both empty for a day off.</p>
      <div aria-hidden className="grid grid-cols-[7rem_1fr_1fr] gap-x-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase max-sm:hidden">
        <span>Day</span>
        <span>Opens</span>
        <span>Closes</span>
      </div>
      {week.map((d) => (
        <DayRow key={d} day={d} hours={calendar.hours[d]} />
      ))}
    </div>
  );
}

/** Holidays: local dates, one a line. */
export function HolidayField({ calendar }: { calendar: TeamCalendar }) {
  const error = useFieldError('holidays');
  return (
    <div>
      <Label htmlFor="calendar-holidays">Holidays (optional)</Label>
      <p id="calendar-holidays-hint" className="-mt-1 mb-1.5 text-xs text-muted-foreground">
        Dates the team is closed all day, as YYYY-MM-DD, one a line.
      </p>
      <KeptTextarea
        id="calendar-holidays"
        name="holidays"
        rows={4}
        defaultValue={(calendar.holidays ?? []).join('\n')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'calendar-holidays-hint calendar-holidays-error' : 'calendar-holidays-hint'}
        className="max-w-sm text-sm"
      />
      <FieldError id="calendar-holidays-error" text={error} />
    </div>
  );
}
