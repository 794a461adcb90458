import { formatHours } from '@shared/capacity/hours';
import { MAX_HISTORY_RANGE_DAYS, type HistoryDay, type HistoryStatus } from '@shared/api/history';
import { addDays, localDayOf, todayDate, workingDaysBetween } from '@shared/calendar/display-days';
import { can } from '@shared/permissions';
import { CheckCircle2, Download, History, LineChart, PlugZap, TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CompanySelect } from '@/components/company-select';
import { historyOf, paths } from '@/config/paths';
import { useBoardSettingsQuery } from '@/features/board-settings/api/board-settings-api';
import { useBoards } from '@/features/boards/api/boards-api';
import { BoardPicker } from '@/features/boards/components/board-picker';
import { boardIdFrom, lastBoardOf } from '@/features/boards/lib/last-board';
import { useAuth } from '@/hooks/use-auth';
import { useChosenCompany } from '@/hooks/use-chosen-company';
import { usePlatform } from '@/hooks/use-platform';
import { cn } from '@/lib/utils';
import { useHistory, useHistoryDay, useHistoryStatus } from '../api/history-api';
import { dayLabel, dayTotal, itemColumns, itemOf, momentLabel } from '../lib/history-format';
import { DaysChart, FillCurveChart } from './history-charts';
import { withQuery } from '@/lib/with-query';

/** The range shown first: the last 4 weeks, up to yesterday in the board's zone. */
const DEFAULT_RANGE_DAYS = 28;

const SOURCE_WORDS = {
  recorded: 'Recorded live',
  reconstructed: 'Reconstructed',
} as const;

/**
 * The History page of one board (issue 27, item 5; `/history?boardId=`): how the backfill of the
 * last 13 weeks is going, each working day's final booked vs target per item and in total as a
 * chart and a table, a chosen day's fill curve against the board's pace curve, and the CSV.
 * Every member of the company.
 */
export function HistoryPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  // A master admin reads any company's (`?companyId=`, as on the Boards page), else their own.
  const { master, chosen: otherCompany, companyId } = useChosenCompany();
  const named = boardIdFrom(new URLSearchParams(search).get('boardId') ?? undefined);
  const boards = useBoards(otherCompany, { enabled: companyId !== undefined });
  // The platform the history is read from, named as the pages name it.
  const platform = usePlatform(otherCompany, companyId !== undefined).name;
  const boardList = boards.data?.boards ?? [];
  // Without an id: the board this person last opened (of their own company), else the first.
  const remembered = user && otherCompany === undefined ? lastBoardOf(user.id) : null;
  const board =
    named !== undefined
      ? boardList.find((b) => b.id === named)
      : (boardList.find((b) => b.id === remembered) ?? boardList[0]);
  const boardId = named ?? board?.id;
  const unknownBoard = named !== undefined && boards.isSuccess && !board;

  const status = useHistoryStatus(unknownBoard ? undefined : boardId, otherCompany, {
    enabled: companyId !== undefined,
  });
  const timeZone = status.data?.timeZone ?? null;
  const settings = useBoardSettingsQuery(otherCompany, board?.id);

  // A range chosen on the page is kept in the address (`&from=&to=`): a reload, the back button
  // or a shared link shows the same days. Without one, the last 4 weeks.
  const params = new URLSearchParams(search);
  const fromParam = params.get('from');
  const toParam = params.get('to');
  const chosen = useMemo(() => rangeFrom(fromParam, toParam), [fromParam, toParam]);
  const setChosen = (next: { from: string; to: string }) =>
    navigate(historyOf(named, otherCompany, next), { replace: true });
  const range = useMemo(() => {
    if (chosen) return chosen;
    if (!timeZone) return null;
    const to = addDays(todayDate(new Date(), timeZone), -1);
    return { from: addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to };
  }, [chosen, timeZone]);
  const rangeProblem = range ? problemOf(range) : null;

  const backfill = status.data?.backfill;
  const history = useHistory(
    board?.id,
    otherCompany,
    range && !rangeProblem && board ? range : null,
    backfill?.daysDone ?? 0,
  );
  const days = useMemo(() => history.data?.days ?? [], [history.data]);
  const [picked, setPicked] = useState<string | null>(null);
  const pickedDay = days.find((day) => day.date === picked) ?? null;

  const workingDaysInRange = useMemo(() => {
    const s = settings.data?.settings;
    if (!s || !range || rangeProblem) return null;
    return workingDaysBetween({
      from: range.from,
      to: range.to,
      timeZone: s.timezone,
      workdays: s.workdays,
      holidays: s.holidays,
    }).length;
  }, [settings.data, range, rangeProblem]);

  const csvHref =
    range && board && !rangeProblem
      ? withQuery('/api/history', {
          companyId: otherCompany,
          boardId: board.id,
          from: range.from,
          to: range.to,
          format: 'csv',
        })
      : null;

  return (
    <PageShell
      title="History"
      description={
        board
          ? `How each working day of ${board.name} ended: booked against target, per item and in total.`
          : 'How each working day ended: booked against target, per item and in total.'
      }
      actions={
        csvHref ? (
          <Button asChild variant="outline">
            <a href={csvHref} download data-testid="history-csv">
              <Download aria-hidden /> Download CSV
            </a>
          </Button>
        ) : undefined
      }
      width="max-w-6xl"
    >
      {unknownBoard ? (
        <p className="text-muted-foreground">This board does not exist.</p>
      ) : (
        <div className="grid gap-6">
          <div className="flex flex-wrap items-end gap-4">
            {master && (
              <CompanySelect
                id="history-company"
                className="w-full sm:w-64"
                value={companyId}
                onChange={(id) => {
                  setPicked(null);
                  navigate(historyOf(undefined, id === user?.companyId ? undefined : id));
                }}
              />
            )}
            <BoardPicker
              id="history-board"
              className="w-full sm:w-64"
              boards={boardList}
              value={board?.id}
              onChange={(id) => {
                setPicked(null);
                navigate(historyOf(id, otherCompany));
              }}
            />
            <div className="grid gap-1.5">
              <Label htmlFor="history-from">From</Label>
              <Input
                id="history-from"
                type="date"
                className="h-9 w-40"
                value={range?.from ?? ''}
                onChange={(e) => {
                  if (range && e.target.value) setChosen({ ...range, from: e.target.value });
                }}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="history-to">To</Label>
              <Input
                id="history-to"
                type="date"
                className="h-9 w-40"
                value={range?.to ?? ''}
                onChange={(e) => {
                  if (range && e.target.value) setChosen({ ...range, to: e.target.value });
                }}
              />
            </div>
            {rangeProblem && (
              <p role="alert" className="text-sm text-destructive">
                {rangeProblem}
              </p>
            )}
          </div>

          {backfill && <BackfillNotice status={status.data!} platform={platform} />}

          {companyId === undefined ? (
            <p className="text-muted-foreground">Choose a company to read its history.</p>
          ) : status.isError || boards.isError || history.isError ? (
            <p role="alert" className="text-destructive">
              The history could not be read.{' '}
              {(status.error ?? boards.error ?? history.error)?.message}
            </p>
          ) : rangeProblem ? null : !range || !board || history.isPending ? (
            <p className="text-muted-foreground">Loading…</p>
          ) : days.length === 0 ? (
            <EmptyRange
              platform={platform}
              noWorkingDays={workingDaysInRange === 0}
              filling={backfill?.state === 'running' || backfill?.state === 'waiting'}
            />
          ) : (
            <>
              <SourceSummary
                days={days}
                detailDays={status.data?.detailDays ?? 56}
                platform={platform}
              />
              <section aria-labelledby="history-chart-heading" className="grid gap-2">
                <h2 id="history-chart-heading" className="text-lg font-semibold">
                  Booked against target
                </h2>
                <figure
                  aria-label="Booked jobs per working day against the target; the table below has the same numbers"
                  className="rounded-lg border bg-card p-3"
                  data-testid="history-chart"
                >
                  <DaysChart days={days} onPick={setPicked} />
                </figure>
              </section>
              <HistoryTable days={days} picked={picked} onPick={setPicked} />
              <section
                aria-labelledby="fill-curve-heading"
                className="grid gap-2"
                data-testid="fill-curve-section"
              >
                <h2 id="fill-curve-heading" className="text-lg font-semibold">
                  {pickedDay ? `How ${dayLabel(pickedDay.date)} filled up` : 'How a day filled up'}
                </h2>
                {pickedDay ? (
                  <FillCurve
                    boardId={board?.id}
                    companyId={otherCompany}
                    day={pickedDay}
                    platform={platform}
                  />
                ) : (
                  <p className="text-muted-foreground">
                    Pick a day in the table (or a bar in the chart) to see how it filled up against
                    the board&apos;s pace curve.
                  </p>
                )}
              </section>
            </>
          )}
        </div>
      )}
    </PageShell>
  );
}

/** A range named in the address, when both ends are dates as YYYY-MM-DD; else none. */
function rangeFrom(from: string | null, to: string | null): { from: string; to: string } | null {
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (!from || !to || !date.test(from) || !date.test(to)) return null;
  return { from, to };
}

/** What is wrong with a typed range, in the words of the API's own rule; null when nothing. */
function problemOf(range: { from: string; to: string }): string | null {
  if (range.to < range.from) return '"To" must not be before "From".';
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  if (days > MAX_HISTORY_RANGE_DAYS) {
    return `A range may cover at most ${MAX_HISTORY_RANGE_DAYS} days.`;
  }
  return null;
}

/** How the filling in of the last 13 weeks from the company's platform is going. */
function BackfillNotice({ status, platform }: { status: HistoryStatus; platform: string }) {
  const { actor } = useAuth();
  const { backfill } = status;
  const box = 'flex items-start gap-2 rounded-md border p-3 text-sm';
  switch (backfill.state) {
    case 'not_connected':
      return (
        <div className={cn(box, 'border-amber-500/40 bg-amber-500/10')} data-testid="backfill">
          <PlugZap className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>
            No {platform} connection yet: once the company is connected, its last 13 weeks of
            working days are filled in here from {platform}.
            {can(actor, 'company.edit') && (
              <>
                {' '}
                <Link href={paths.setup} className="font-medium underline">
                  Connect {platform}
                </Link>
              </>
            )}
          </p>
        </div>
      );
    case 'waiting':
    case 'running': {
      const percent =
        backfill.daysTotal > 0 ? Math.round((backfill.daysDone / backfill.daysTotal) * 100) : 0;
      return (
        <div className={cn(box, 'flex-col border-sky-500/40 bg-sky-500/10')} data-testid="backfill">
          <p className="flex items-start gap-2">
            <History className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              Filling in the last 13 weeks from {platform}:{' '}
              <strong>
                {backfill.daysDone} of {backfill.daysTotal} working days
              </strong>
              {backfill.through ? ` (through ${dayLabel(backfill.through)})` : ''}. Days appear here
              as they are read, oldest first.
            </span>
          </p>
          <div
            role="progressbar"
            aria-label={`Working days filled in from ${platform}`}
            aria-valuemin={0}
            aria-valuemax={backfill.daysTotal}
            aria-valuenow={backfill.daysDone}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
          </div>
        </div>
      );
    }
    case 'failed':
      return (
        <div className={cn(box, 'border-destructive/40 bg-destructive/10')} data-testid="backfill">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>
            Filling in past days from {platform} stopped after {backfill.daysDone} of{' '}
            {backfill.daysTotal} working days. Days from now on are still recorded as the board
            reads them.
          </p>
        </div>
      );
    case 'done':
      return (
        <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="backfill">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            The last 13 weeks ({backfill.daysTotal} working days) were filled in from {platform}
            {backfill.finishedAt ? ` on ${momentLabel(backfill.finishedAt, status.timeZone)}` : ''}.
          </span>
        </p>
      );
  }
}

function EmptyRange({
  noWorkingDays,
  filling,
  platform,
}: {
  noWorkingDays: boolean;
  filling: boolean;
  platform: string;
}) {
  return (
    <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">
      {noWorkingDays
        ? 'There are no working days in this range (by the board’s workdays and holidays).'
        : filling
          ? 'No days in this range yet: they appear as they are filled in.'
          : `No history for these dates: the board was not in use then, and they are older than the 13 weeks filled in from ${platform}.`}
    </p>
  );
}

/** Which days were recorded live and which were reconstructed, in words. */
function SourceSummary({
  days,
  detailDays,
  platform,
}: {
  days: readonly HistoryDay[];
  detailDays: number;
  platform: string;
}) {
  const reconstructed = days.filter((day) => day.source === 'reconstructed').length;
  const recorded = days.length - reconstructed;
  return (
    <p className="text-sm text-muted-foreground" data-testid="history-sources">
      {recorded > 0 && (
        <>
          <strong className="text-foreground">{recorded} recorded live</strong>: the numbers the
          board showed as the day came closer, against the targets it had then.{' '}
        </>
      )}
      {reconstructed > 0 && (
        <>
          <strong className="text-foreground">
            {reconstructed} reconstructed from {platform}
          </strong>
          : counted afterwards by the board&apos;s rule, the fill before each day from when its jobs
          were booked (<code>createdOn</code>), and compared with the{' '}
          <strong className="text-foreground">targets in force now</strong> (no target judged them
          at the time).{' '}
        </>
      )}
      Days older than {Math.round(detailDays / 7)} weeks keep only their final numbers.
    </p>
  );
}

function HistoryTable({
  days,
  picked,
  onPick,
}: {
  days: readonly HistoryDay[];
  picked: string | null;
  onPick: (date: string) => void;
}) {
  const columns = itemColumns(days);
  const sticky = 'sticky left-0 z-10 bg-card';
  return (
    <section aria-labelledby="history-table-heading" className="grid gap-2">
      <h2 id="history-table-heading" className="text-lg font-semibold">
        Each working day
      </h2>
      <div className="overflow-x-auto rounded-lg border bg-card">
        <table className="w-full border-collapse text-sm" data-testid="history-table">
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className={cn(sticky, 'px-3 py-2 font-medium')}>
                Day
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Source
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className="max-w-40 px-3 py-2 text-right font-medium"
                >
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => {
              const total = dayTotal(day);
              const isPicked = day.date === picked;
              return (
                <tr
                  key={day.date}
                  className={cn('border-b last:border-0', isPicked && 'bg-primary/10')}
                  data-testid="history-row"
                  data-date={day.date}
                >
                  <th scope="row" className={cn(sticky, 'px-1 py-1 text-left font-normal')}>
                    <Button
                      variant="ghost"
                      size="sm"
                      className={cn('font-medium', isPicked && 'bg-primary/10')}
                      aria-pressed={isPicked}
                      aria-label={`${dayLabel(day.date)}: show how it filled up`}
                      onClick={() => onPick(day.date)}
                    >
                      <LineChart aria-hidden className="h-4 w-4" />
                      {dayLabel(day.date)}
                    </Button>
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                    {SOURCE_WORDS[day.source]}
                  </td>
                  <NumbersCell
                    testId="history-total"
                    scheduled={total.scheduled}
                    target={total.target}
                    percent={total.percent}
                    hours={day.hours}
                    strong
                  />
                  {columns.map((column) => {
                    const item = itemOf(day, column.key);
                    if (!item)
                      return (
                        <td key={column.key} className="px-3 py-2 text-right text-muted-foreground">
                          —
                        </td>
                      );
                    const { percent } = dayTotal({ items: [item] });
                    return (
                      <NumbersCell
                        key={column.key}
                        testId="history-cell"
                        itemId={column.key}
                        scheduled={item.scheduled}
                        target={item.target}
                        percent={percent}
                        hours={item.hours}
                      />
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function NumbersCell({
  scheduled,
  target,
  percent,
  strong = false,
  testId,
  itemId,
  hours,
}: {
  scheduled: number;
  target: number;
  percent: number;
  /** Technician hours recorded that day (issue 35): booked of capacity. */
  hours?: { booked: number; capacity: number } | undefined;
  strong?: boolean;
  testId: string;
  itemId?: string;
}) {
  return (
    <td
      className="px-3 py-2 text-right whitespace-nowrap tabular-nums"
      data-testid={testId}
      data-item-id={itemId}
    >
      <span className={cn(strong && 'font-semibold')}>
        <span data-part="scheduled">{scheduled}</span> / <span data-part="target">{target}</span>
      </span>
      <span className="block text-xs text-muted-foreground">
        <span data-part="percent">{percent}</span> %
      </span>
      {hours && (
        <span className="block text-xs text-muted-foreground" data-part="hours">
          {formatHours(hours.booked)} of {formatHours(hours.capacity)} h booked
        </span>
      )}
    </td>
  );
}

/** The chosen day's fill curve against the pace curve, and its moments in words. */
function FillCurve({
  boardId,
  companyId,
  day,
  platform,
}: {
  boardId: number | undefined;
  companyId: number | undefined;
  platform: string;
  day: HistoryDay;
}) {
  const detail = useHistoryDay(boardId, companyId, day.date);
  if (detail.isLoading) return <p className="text-muted-foreground">Loading…</p>;
  if (detail.isError || !detail.data)
    return (
      <p role="alert" className="text-destructive">
        This day&apos;s fill curve could not be read.
      </p>
    );
  const data = detail.data;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {day.source === 'reconstructed'
          ? `Reconstructed from ${platform}: the jobs counted on the day as each was booked, from the start of the 3rd working day before it, then its final count, against today’s targets.`
          : 'Recorded live: the board’s total each time its numbers changed.'}{' '}
        {data.paceBy === 'history'
          ? 'The dashed line is where this board’s similar days were by then (the median of the 8 weeks before), the shaded band their usual range: below it the board read Behind.'
          : 'The dashed line is the board’s set pace curve: how full the day should have been by then.'}{' '}
        The chart shows working hours only (8 AM to 5 PM of working days): what was booked at night
        or on a day off shows where the next working hours begin; the list below has every moment.
      </p>
      <figure
        aria-label={`How ${dayLabel(day.date)} filled up against the pace curve; the list below has the same numbers`}
        className="rounded-lg border bg-card p-3"
        data-testid="fill-curve"
      >
        {data.points.length > 0 ? (
          <FillCurveChart detail={data} />
        ) : (
          <p className="p-6 text-center text-muted-foreground">No changes kept for this day.</p>
        )}
      </figure>
      {data.points.length > 0 && (
        <ol className="grid gap-1 text-sm sm:grid-cols-2" data-testid="fill-points">
          {data.points.map((point) => (
            <li key={point.at} className="flex justify-between gap-4 rounded border px-3 py-1.5">
              <span className="text-muted-foreground">
                {point.at === localDayOf(data.date, data.timeZone).endUtc
                  ? 'Final, at the day’s end'
                  : momentLabel(point.at, data.timeZone)}
              </span>
              <span className="tabular-nums">
                {point.scheduled} / {point.target} ({point.percent} %)
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
