import type { BoardLocationBody, BoardLocationResponse } from '@shared/api/board-settings';
import type { ProviderMetadata } from '@shared/api/providers';
import { isValidTimeZone, runtimeTimeZone } from '@shared/calendar/time-zone';
import {
  isCompleteZip,
  sanitizeZip,
  TIMEZONE_CHOICES,
  ZIP_LENGTH,
} from '@shared/settings/board-settings-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Loader2, MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NATIVE_SELECT } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { useBoardSettingsQuery } from '@/features/board-settings/api/board-settings-api';
import { getWeather } from '@/features/dashboard/api/get-weather';
import { apiJson, ApiError } from '@/lib/api';
import { reportError } from '@/lib/report-error';

/** Where the offered time zone comes from, as the step says it. */
type ZoneSource = 'platform' | 'zip' | 'saved' | 'browser';

/**
 * Setup's "Where is your company?" step (issue 33, item 4), after connecting and before the
 * board opens: the ZIP code the board's weather is for, and the time zone its days and clock
 * follow, offered from the platform when it knows the company's zone, else from the ZIP code,
 * else this browser's. Saving writes both to every board of the company
 * (PUT /api/board-settings/location). Without a ZIP code the board asks for one in its footer.
 */
export function LocationStep() {
  const queryClient = useQueryClient();
  const settings = useBoardSettingsQuery();
  const metadata = useQuery({
    queryKey: ['/api/provider/metadata', null],
    queryFn: ({ signal }) =>
      apiJson<ProviderMetadata>('GET', '/api/provider/metadata', undefined, { signal }),
    retry: false,
  });
  const stored = settings.data?.settings;
  const [zipDraft, setZipDraft] = useState<string | null>(null);
  const zip = zipDraft ?? stored?.zipCode ?? '';
  const [picked, setPicked] = useState<string | null>(null);
  const zipWeather = useQuery({
    queryKey: ['/api/weather', zip],
    queryFn: ({ signal }) => getWeather(zip, signal),
    enabled: isCompleteZip(zip),
  });
  const [saved, setSaved] = useState<BoardLocationResponse | null>(null);
  const [zipError, setZipError] = useState<string | undefined>();
  const selectId = useId();

  const platformZone = metadata.data?.timeZone ?? null;
  const zipZone = zipWeather.data?.location?.timeZone ?? null;
  // A place saved before (a ZIP code given) is kept; else the best guess.
  const savedBefore = Boolean(stored?.zipCode);
  const browserZone = runtimeTimeZone();
  const [offered, source]: [string, ZoneSource] =
    platformZone && isValidTimeZone(platformZone)
      ? [platformZone, 'platform']
      : savedBefore && stored
        ? [stored.timezone, 'saved']
        : zipZone && isValidTimeZone(zipZone)
          ? [zipZone, 'zip']
          : isValidTimeZone(browserZone)
            ? [browserZone, 'browser']
            : [stored?.timezone ?? 'America/New_York', 'saved'];
  const zone = picked ?? offered;
  const platform = metadata.data?.providerName ?? 'your platform';
  const hint =
    picked !== null
      ? 'As you chose.'
      : source === 'platform'
        ? `${platform} keeps your company in this time zone.`
        : source === 'zip'
          ? `The time zone of ${zipWeather.data?.location?.name ?? 'your ZIP code'}.`
          : source === 'browser'
            ? "This computer's time zone."
            : 'As saved for your board.';
  const choices = TIMEZONE_CHOICES.some((c) => c.value === zone)
    ? TIMEZONE_CHOICES
    : [...TIMEZONE_CHOICES, { value: zone, label: zone }];

  const save = useMutation({
    mutationFn: (body: BoardLocationBody) =>
      apiJson<BoardLocationResponse>('PUT', '/api/board-settings/location', body),
    onSuccess: (answer) => {
      setSaved(answer);
      void queryClient.invalidateQueries({ queryKey: ['/api/board-settings'] });
    },
  });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (zip !== '' && !isCompleteZip(zip)) {
      setZipError('A ZIP code has 5 digits (or leave it empty for now).');
      return;
    }
    setZipError(undefined);
    save.mutate(
      { zipCode: zip, timezone: zone },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && /zip/i.test(error.message))
            setZipError(error.message);
          else reportError(error, 'Where your company is could not be saved');
        },
      },
    );
  };

  return (
    <Card className="mt-6" data-testid="setup-location-step">
      <CardHeader className="space-y-1.5">
        <CardTitle as="h2" className="flex items-center gap-2 text-xl">
          <MapPin className="h-5 w-5 text-muted-foreground" aria-hidden />
          Where is your company?
        </CardTitle>
        <CardDescription>
          Your board shows the weather at your ZIP code, and starts and ends each day in your time
          zone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!settings.data ? (
          <Loader2 className="h-6 w-6 animate-spin text-muted-foreground" aria-label="Loading" />
        ) : (
          <form className="grid gap-4 sm:max-w-md" onSubmit={onSubmit} noValidate>
            <TextField
              label="ZIP code"
              name="zipCode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={ZIP_LENGTH}
              placeholder="e.g. 34211"
              value={zip}
              error={zipError}
              hint={
                zipWeather.data?.location
                  ? zipWeather.data.location.name
                  : 'For the weather on your board. You can add it later from the board.'
              }
              onChange={(event) => {
                setZipDraft(sanitizeZip(event.target.value));
                setSaved(null);
              }}
            />
            <div className="grid content-start gap-1.5">
              <Label htmlFor={selectId}>Time zone</Label>
              <select
                id={selectId}
                className={NATIVE_SELECT}
                value={zone}
                aria-describedby={`${selectId}-hint`}
                onChange={(event) => {
                  setPicked(event.target.value);
                  setSaved(null);
                }}
              >
                {choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label === choice.value
                      ? choice.value
                      : `${choice.label} (${choice.value})`}
                  </option>
                ))}
              </select>
              <p
                id={`${selectId}-hint`}
                className="text-xs text-muted-foreground"
                data-testid="setup-zone-source"
              >
                {hint}
              </p>
            </div>
            <Button type="submit" className="justify-self-start" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Save
            </Button>
            {saved && (
              <p
                role="status"
                data-testid="setup-location-done"
                className="flex items-center gap-2 text-sm"
              >
                <CircleCheck className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
                {saved.zipCode
                  ? `Saved: weather for ${saved.zipCode}, days in ${saved.timezone}.`
                  : `Saved: days in ${saved.timezone}. Your board asks for a ZIP code for weather.`}
              </p>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
