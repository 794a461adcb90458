import type { HistoryDay, HistoryDayDetail } from '@shared/api/history';
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dayLabel, dayTotal, momentLabel } from '../lib/history-format';
import { onWorkingAxis, workingSpans, workingTicks } from '../lib/working-axis';

/**
 * The History page's two charts (issue 27, decision 027: Recharts, in this page's chunk only).
 * Colours come from the theme's CSS variables, so the dark theme needs nothing more.
 */

const AXIS = { stroke: 'var(--muted-foreground)', fontSize: 12 };
const TOOLTIP_STYLE = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 6,
  color: 'var(--popover-foreground)',
};

/** Each working day's final booked total (recorded or reconstructed) against its target. */
export function DaysChart({
  days,
  onPick,
}: {
  days: readonly HistoryDay[];
  onPick: (date: string) => void;
}) {
  const data = days.map((day) => {
    const total = dayTotal(day);
    return {
      date: day.date,
      label: dayLabel(day.date),
      recorded: day.source === 'recorded' ? total.scheduled : null,
      reconstructed: day.source === 'reconstructed' ? total.scheduled : null,
      target: total.target,
      percent: total.percent,
    };
  });
  return (
    <ResponsiveContainer width="100%" height={280}>
      <ComposedChart
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        onClick={(state) => {
          const index = Number(state.activeTooltipIndex);
          const date = Number.isInteger(index) ? data[index]?.date : undefined;
          if (date) onPick(date);
        }}
      >
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} stroke="var(--border)" minTickGap={12} />
        <YAxis allowDecimals={false} tick={AXIS} stroke="var(--border)" />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          cursor={{ fill: 'var(--muted)', opacity: 0.5 }}
          formatter={(value, name) => [value ?? '', name]}
          labelFormatter={(label, payload) => {
            const percent = (payload?.[0]?.payload as { percent?: number } | undefined)?.percent;
            return percent === undefined
              ? String(label)
              : `${String(label)}: ${percent} % of target`;
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {data.some((d) => d.recorded !== null) && (
          <Bar
            dataKey="recorded"
            name="Booked (recorded live)"
            stackId="booked"
            fill="var(--primary)"
            cursor="pointer"
            isAnimationActive={false}
          />
        )}
        {data.some((d) => d.reconstructed !== null) && (
          <Bar
            dataKey="reconstructed"
            name="Booked (reconstructed)"
            stackId="booked"
            fill="var(--primary)"
            fillOpacity={0.45}
            stroke="var(--primary)"
            strokeDasharray="3 2"
            cursor="pointer"
            isAnimationActive={false}
          />
        )}
        <Line
          dataKey="target"
          name="Target"
          type="step"
          stroke="var(--foreground)"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

interface DayTickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}

/** A working day under the fill curve, on two lines ("Fri" over "Nov 20"): four fit a phone. */
function DayTick({ x, y, payload, labels }: DayTickProps & { labels: Map<number, string> }) {
  const [weekday, date] = (labels.get(Number(payload?.value)) ?? '').split(', ');
  return (
    <text
      x={Number(x)}
      y={Number(y)}
      textAnchor="middle"
      fill={AXIS.stroke}
      fontSize={AXIS.fontSize}
      data-testid="fill-curve-day"
    >
      <tspan x={Number(x)} dy="0.9em">
        {weekday}
      </tspan>
      <tspan x={Number(x)} dy="1.2em">
        {date}
      </tspan>
    </text>
  );
}

/**
 * A day's fill (% of target) at each change, against the board's pace curve, over working hours
 * only: nights, weekends and holidays take no width (lib/working-axis.ts).
 */
export function FillCurveChart({ detail }: { detail: HistoryDayDetail }) {
  const spans = workingSpans(detail);
  const moments = detail.points.map((point) => ({ t: Date.parse(point.at), fill: point.percent }));
  // The fill holds after the last change, to the day's end.
  const dayEnd = detail.pace.at(-1);
  const last = moments.at(-1);
  if (last && dayEnd && Date.parse(dayEnd.at) > last.t) {
    moments.push({ t: Date.parse(dayEnd.at), fill: last.fill });
  }
  const fill = onWorkingAxis(spans, moments);
  const pace = onWorkingAxis(
    spans,
    detail.pace.map((point) => ({ t: Date.parse(point.at), pace: point.expectedPercent })),
  );
  // Judged by the board's own days: the usual range they were in at each hour (decision 038).
  const usual = onWorkingAxis(
    spans,
    detail.pace
      .filter((point) => point.usualLow !== undefined && point.usualHigh !== undefined)
      .map((point) => ({ t: Date.parse(point.at), usual: [point.usualLow!, point.usualHigh!] })),
  );
  const byHistory = detail.paceBy === 'history';
  const { starts, middles, end } = workingTicks(spans);
  const dayOf = new Map(middles.map((middle) => [middle.at, middle.label]));
  const top = Math.max(100, ...fill.map((point) => point.fill));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        {/* Each working day's start: where the one before it ended (the night between is gone). */}
        {starts.slice(1).map((x) => (
          <ReferenceLine key={x} x={x} stroke="var(--border)" />
        ))}
        <XAxis
          dataKey="x"
          type="number"
          domain={[0, end]}
          ticks={middles.map((middle) => middle.at)}
          interval={0}
          tick={(props: DayTickProps) => <DayTick {...props} labels={dayOf} />}
          height={40}
          stroke="var(--border)"
        />
        <YAxis
          domain={[0, top]}
          tickFormatter={(value: number) => `${value}%`}
          tick={AXIS}
          stroke="var(--border)"
        />
        <ReferenceLine y={100} stroke="var(--muted-foreground)" strokeDasharray="2 4" />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          labelFormatter={(_, payload) => {
            const t = (payload[0]?.payload as { t?: number } | undefined)?.t;
            return t === undefined ? '' : momentLabel(t, detail.timeZone);
          }}
          formatter={(value, name) => [
            Array.isArray(value) ? `${value.join('-')} %` : `${String(value)} %`,
            name,
          ]}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {usual.length > 0 && (
          <Area
            data={usual}
            dataKey="usual"
            name="Usual range of similar days"
            type="linear"
            stroke="none"
            fill="var(--muted-foreground)"
            fillOpacity={0.2}
            isAnimationActive={false}
          />
        )}
        <Line
          data={pace}
          dataKey="pace"
          name={byHistory ? 'Pace (similar days’ median)' : 'Pace curve (expected)'}
          type="linear"
          stroke="var(--muted-foreground)"
          strokeDasharray="6 4"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          data={fill}
          dataKey="fill"
          name="Booked, % of target"
          type="stepAfter"
          stroke="var(--primary)"
          strokeWidth={3}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
