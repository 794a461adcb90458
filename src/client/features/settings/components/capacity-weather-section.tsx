import {
  clampTarget,
  DEFAULT_PACE_CURVE,
  isCompleteZip,
  parseThreshold,
  sanitizeZip,
  targetOnBlur,
  type TargetDay,
  type ViewType,
} from '@shared/settings/dashboard-settings';
import { Gauge } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useLearnedPace } from '@/features/targets/api/targets-api';
import { useDraft } from '../hooks/use-draft';
import { SettingsGroup, SettingsSection } from './settings-section';
import type { SectionProps } from './section-props';

const TARGET_DAYS: { day: TargetDay; label: string }[] = [
  { day: 'day1', label: 'Day 1' },
  { day: 'day2', label: 'Day 2' },
  { day: 'day3', label: 'Day 3' },
];

const PACE_DAYS: { day: TargetDay; label: string }[] = [
  { day: 'day1', label: '1st day ahead' },
  { day: 'day2', label: '2nd day ahead' },
  { day: 'day3', label: '3rd day ahead' },
];

const MIN_TEMPERATURE = -100;
const MAX_TEMPERATURE = 200;

const VIEW_TYPE_LABELS: Record<ViewType, string> = {
  businessUnit: 'Business Units',
  jobType: 'Job Types',
};

export function CapacityWeatherSection({
  settings,
  update,
  disabled,
  learnedPaceFor,
}: SectionProps & { learnedPaceFor?: { boardId: number | undefined } | undefined }) {
  // Absent is on (decision 038): a board judges by its own history once it has enough of it.
  const learned = settings.paceCurve.learned !== false;
  return (
    <SettingsSection
      title="Capacity & Weather"
      description="Targets, grouping, ZIP code and temperature colors"
      icon={Gauge}
      defaultOpen
    >
      <SettingsGroup
        label="Target capacity"
        hint="Percent of each day's target that counts as fully booked (0-100)."
      >
        <div className="grid grid-cols-3 gap-3">
          {TARGET_DAYS.map(({ day, label }) => (
            <PercentInput
              key={day}
              id={`settings-target-${day}`}
              label={label}
              ariaLabel={`${label} target capacity`}
              value={settings.targetCapacity[day]}
              fallback={() => targetOnBlur('', day)}
              disabled={disabled}
              onCommit={(value) =>
                update((current) => ({
                  ...current,
                  targetCapacity: { ...current.targetCapacity, [day]: value },
                }))
              }
            />
          ))}
        </div>
      </SettingsGroup>

      <SettingsGroup
        label="Booking pace"
        hint="Learned: each day is compared with this board's similar days of the last 8 weeks at the same moment before them, and shows Behind when lower than about two in three of them. Set by hand: how full each day should be (% of target) when today's working day starts, rising over working hours; Behind below it, At risk more than 20 points below. The pointer never passes the day's target capacity."
      >
        {learnedPaceFor && (
          <LearnedPaceChoice
            boardId={learnedPaceFor.boardId}
            learned={learned}
            disabled={disabled}
            onChange={(on) =>
              update((current) => ({
                ...current,
                paceCurve: { ...current.paceCurve, learned: on },
              }))
            }
          />
        )}
        {learned && learnedPaceFor && (
          <p className="text-xs text-muted-foreground">
            Set by hand (used until there are 20 working days of history):
          </p>
        )}
        <div className="grid grid-cols-3 gap-3">
          {PACE_DAYS.map(({ day, label }) => (
            <PercentInput
              key={day}
              id={`settings-pace-${day}`}
              label={label}
              ariaLabel={`Pace: ${label}`}
              value={settings.paceCurve[day]}
              fallback={() => DEFAULT_PACE_CURVE[day]}
              disabled={disabled}
              onCommit={(value) =>
                update((current) => ({
                  ...current,
                  paceCurve: { ...current.paceCurve, [day]: value },
                }))
              }
            />
          ))}
        </div>
      </SettingsGroup>

      <SettingsGroup label="View type" htmlFor="settings-view-type">
        <Select
          value={settings.viewType}
          disabled={disabled}
          onValueChange={(value) =>
            update((current) => ({ ...current, viewType: value as ViewType }))
          }
        >
          <SelectTrigger id="settings-view-type" aria-label="View type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(VIEW_TYPE_LABELS) as ViewType[]).map((viewType) => (
              <SelectItem key={viewType} value={viewType}>
                {VIEW_TYPE_LABELS[viewType]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </SettingsGroup>

      <ZipCodeInput
        zipCode={settings.zipCode}
        disabled={disabled}
        onCommit={(zipCode) => update((current) => ({ ...current, zipCode }))}
      />

      <WeatherColorFields settings={settings} update={update} disabled={disabled} />
    </SettingsSection>
  );
}

/** A whole percent 0-100: clamped while typing; empty or unparseable on blur is `fallback`. */
function PercentInput({
  id,
  label,
  ariaLabel,
  value,
  fallback,
  disabled,
  onCommit,
}: {
  id: string;
  label: string;
  ariaLabel: string;
  value: number;
  fallback: () => number;
  disabled: boolean;
  onCommit(value: number): void;
}) {
  const draft = useDraft(String(value));
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <div className="relative">
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          disabled={disabled}
          value={draft.text}
          className="pr-8 tabular-nums"
          aria-label={ariaLabel}
          onChange={(event) => {
            // Empty is allowed while typing; anything else is clamped to 0-100 at once.
            const clamped = clampTarget(event.target.value);
            if (clamped === null) {
              draft.setDraft('');
              return;
            }
            draft.setDraft(String(clamped));
            onCommit(clamped);
          }}
          onBlur={() => {
            onCommit(clampTarget(draft.text) ?? fallback());
            draft.reset();
          }}
        />
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
          %
        </span>
      </div>
    </div>
  );
}

function ZipCodeInput({
  zipCode,
  disabled,
  onCommit,
}: {
  zipCode: string;
  disabled: boolean;
  onCommit(zip: string): void;
}) {
  const draft = useDraft(zipCode);
  const incomplete = !isCompleteZip(draft.text);
  return (
    <SettingsGroup
      label="ZIP code"
      htmlFor="settings-zip"
      hint={
        incomplete
          ? 'Enter all 5 digits to save the ZIP code.'
          : 'Weather is shown for this ZIP code.'
      }
    >
      <Input
        id="settings-zip"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        disabled={disabled}
        value={draft.text}
        aria-invalid={incomplete}
        className="w-32 tabular-nums"
        onChange={(event) => {
          const zip = sanitizeZip(event.target.value);
          draft.setDraft(zip);
          if (isCompleteZip(zip)) onCommit(zip);
        }}
        onBlur={draft.reset}
      />
    </SettingsGroup>
  );
}

function WeatherColorFields({ settings, update, disabled }: SectionProps) {
  const colorsOn = settings.useWeatherColors;
  return (
    <div className="space-y-4 rounded-md border p-3">
      <div className="flex items-center justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor="settings-weather-colors">Weather color coding</Label>
          <p className="text-xs text-muted-foreground">
            Highlight hot and cold temperatures on the board.
          </p>
        </div>
        <Switch
          id="settings-weather-colors"
          checked={colorsOn}
          disabled={disabled}
          onCheckedChange={(checked) =>
            update((current) => ({ ...current, useWeatherColors: checked }))
          }
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <ThresholdInput
          which="hotTemp"
          label="Hot threshold (°F)"
          value={settings.weatherThresholds.hotTemp}
          disabled={disabled || !colorsOn}
          onCommit={(hotTemp) =>
            update((current) => ({
              ...current,
              weatherThresholds: { ...current.weatherThresholds, hotTemp },
            }))
          }
        />
        <ThresholdInput
          which="coldTemp"
          label="Cold threshold (°F)"
          value={settings.weatherThresholds.coldTemp}
          disabled={disabled || !colorsOn}
          onCommit={(coldTemp) =>
            update((current) => ({
              ...current,
              weatherThresholds: { ...current.weatherThresholds, coldTemp },
            }))
          }
        />
      </div>
    </div>
  );
}

function ThresholdInput({
  which,
  label,
  value,
  disabled,
  onCommit,
}: {
  which: 'hotTemp' | 'coldTemp';
  label: string;
  value: number;
  disabled: boolean;
  onCommit(value: number): void;
}) {
  const draft = useDraft(String(value));
  const id = `settings-${which}`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={-100}
        max={200}
        disabled={disabled}
        value={draft.text}
        className="tabular-nums"
        onChange={(event) => {
          draft.setDraft(event.target.value);
          // Unparseable (e.g. cleared) falls back to 83 / 35, per the seed; the clamp keeps
          // the value inside what stored settings accept, so a typo cannot be lost on reload.
          onCommit(
            Math.min(
              MAX_TEMPERATURE,
              Math.max(MIN_TEMPERATURE, parseThreshold(event.target.value, which)),
            ),
          );
        }}
        onBlur={draft.reset}
      />
    </div>
  );
}

/**
 * "Learned from the last 8 weeks" (decisions 037, 038): on unless turned off; until there is
 * enough history, the hint says so and the curve set by hand is used.
 */
function LearnedPaceChoice({
  boardId,
  learned,
  disabled,
  onChange,
}: {
  boardId: number | undefined;
  learned: boolean;
  disabled: boolean;
  onChange: (learned: boolean) => void;
}) {
  const query = useLearnedPace(boardId);
  const curve = query.data?.curve ?? null;
  return (
    <div className="space-y-1.5 rounded-md border p-3" data-testid="learned-pace">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="settings-pace-learned" className="font-normal">
          Learned from the last 8 weeks
        </Label>
        {/* Named by its label for every reader (the label's `for` alone left it unnamed). */}
        <Switch
          id="settings-pace-learned"
          checked={learned}
          disabled={disabled}
          onCheckedChange={(checked) => onChange(checked)}
          aria-label="Learned from the last 8 weeks"
          aria-describedby="settings-pace-learned-hint"
        />
      </div>
      <p id="settings-pace-learned-hint" className="text-xs text-muted-foreground">
        {query.isPending
          ? 'Reading this board’s history…'
          : query.isError
            ? `The history could not be read: ${query.error.message}`
            : curve
              ? `From ${query.data!.days} working days: typically ${curve.day1} / ${curve.day2} / ${curve.day3} % of a day's final count is booked by the start of the 1st / 2nd / 3rd working day before it. ${query.data!.rule}`
              : `${query.data!.reason ?? ''} Until then the curve set by hand is used.`}
      </p>
    </div>
  );
}
