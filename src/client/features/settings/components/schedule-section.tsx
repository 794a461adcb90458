import { DATE_FORMATS, formatDay } from '@shared/calendar/date-formats';
import type { HolidayName } from '@shared/calendar/holidays';
import { TIMEZONE_CHOICES, WEEKDAYS, type Weekday } from '@shared/settings/dashboard-settings';
import { CalendarDays } from 'lucide-react';
import { useMemo } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { holidayChoices } from '../lib/holiday-choices';
import type { SectionProps } from './section-props';
import { SettingsGroup, SettingsSection } from './settings-section';

const WEEKDAY_LABELS: Record<Weekday, { short: string; long: string }> = {
  monday: { short: 'Mon', long: 'Monday' },
  tuesday: { short: 'Tue', long: 'Tuesday' },
  wednesday: { short: 'Wed', long: 'Wednesday' },
  thursday: { short: 'Thu', long: 'Thursday' },
  friday: { short: 'Fri', long: 'Friday' },
  saturday: { short: 'Sat', long: 'Saturday' },
  sunday: { short: 'Sun', long: 'Sunday' },
};

export function ScheduleSection({ settings, update, disabled }: SectionProps) {
  const today = useMemo(() => new Date(), []);
  const holidays = useMemo(() => holidayChoices(today.getFullYear()), [today]);
  const zoneIsListed = TIMEZONE_CHOICES.some((choice) => choice.value === settings.timezone);

  const toggleHoliday = (name: HolidayName, excluded: boolean) =>
    update((current) => {
      const others = current.holidays.filter((holiday) => holiday !== name);
      return { ...current, holidays: excluded ? [...others, name] : others };
    });

  return (
    <SettingsSection
      title="Schedule"
      description="Workdays, holidays, time zone and date format"
      icon={CalendarDays}
    >
      <SettingsGroup
        label="Workdays"
        hint="The board shows the next working days after today. At least one day stays checked."
      >
        <div className="grid grid-cols-7 gap-1.5" role="group" aria-label="Workdays">
          {WEEKDAYS.map((day) => {
            const id = `settings-workday-${day}`;
            const checked = settings.workdays[day];
            // A week with no working day has no days to show: the last one cannot be unchecked.
            const onlyWorkday =
              checked && WEEKDAYS.every((d) => d === day || !settings.workdays[d]);
            const locked = disabled || onlyWorkday;
            return (
              <label
                key={day}
                htmlFor={id}
                className={cn(
                  'flex cursor-pointer flex-col items-center gap-1.5 rounded-md border px-1 py-2 text-xs font-medium transition-colors',
                  checked ? 'border-primary/60 bg-primary/10' : 'hover:bg-accent/50',
                  locked && 'cursor-not-allowed',
                  disabled && 'opacity-50',
                )}
              >
                <span>{WEEKDAY_LABELS[day].short}</span>
                <Checkbox
                  id={id}
                  checked={checked}
                  disabled={locked}
                  aria-label={WEEKDAY_LABELS[day].long}
                  onCheckedChange={(value) =>
                    update((current) => ({
                      ...current,
                      workdays: { ...current.workdays, [day]: value === true },
                    }))
                  }
                />
              </label>
            );
          })}
        </div>
      </SettingsGroup>

      <SettingsGroup label="Holidays" hint="Checked holidays are skipped like non-working days.">
        <ul className="divide-y rounded-md border">
          {holidays.map((holiday) => {
            const id = `settings-holiday-${holiday.date}`;
            const checked = settings.holidays.includes(holiday.name);
            return (
              <li key={holiday.name}>
                <label
                  htmlFor={id}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-accent/40',
                    disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent',
                  )}
                >
                  <Checkbox
                    id={id}
                    checked={checked}
                    disabled={disabled}
                    onCheckedChange={(value) => toggleHoliday(holiday.name, value === true)}
                  />
                  <span className="flex-1">{holiday.name}</span>
                  <span className="text-xs tabular-nums text-muted-foreground">
                    {holiday.dateLabel}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </SettingsGroup>

      <SettingsGroup
        label="Time zone"
        htmlFor="settings-timezone"
        hint="Decides where each day starts and ends."
      >
        <Select
          value={settings.timezone}
          disabled={disabled}
          onValueChange={(timezone) => update((current) => ({ ...current, timezone }))}
        >
          <SelectTrigger id="settings-timezone" aria-label="Time zone">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TIMEZONE_CHOICES.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label} ({choice.value})
              </SelectItem>
            ))}
            {/* The default is the browser's zone, which may not be one of the 8 choices. */}
            {zoneIsListed ? null : (
              <SelectItem value={settings.timezone}>{settings.timezone}</SelectItem>
            )}
          </SelectContent>
        </Select>
      </SettingsGroup>

      <SettingsGroup label="Date format" htmlFor="settings-date-format">
        <Select
          value={settings.dateFormat}
          disabled={disabled}
          onValueChange={(value) =>
            update((current) => ({
              ...current,
              dateFormat: value as (typeof DATE_FORMATS)[number],
            }))
          }
        >
          <SelectTrigger id="settings-date-format" aria-label="Date format">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DATE_FORMATS.map((format) => (
              <SelectItem key={format} value={format}>
                {formatDay(today, format)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </SettingsGroup>
    </SettingsSection>
  );
}
