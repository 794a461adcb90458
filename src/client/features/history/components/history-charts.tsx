import type { HistoryDay, HistoryDayDetail } from '@shared/api/history';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dayLabel, dayTotal, momentLabel } from '../lib/history-format';

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

/** A day's fill (% of target) at each change, against the board's pace curve. */
export function FillCurveChart({ detail }: { detail: HistoryDayDetail }) {
  const fill = detail.points.map((point) => ({
    t: Date.parse(point.at),
    fill: point.percent,
  }));
  // The fill holds after the last change, to the day's end.
  const dayEnd = detail.pace.at(-1);
  const last = fill.at(-1);
  if (last && dayEnd && Date.parse(dayEnd.at) > last.t) {
    fill.push({ t: Date.parse(dayEnd.at), fill: last.fill });
  }
  const pace = detail.pace.map((point) => ({
    t: Date.parse(point.at),
    pace: point.expectedPercent,
  }));
  const times = [...fill, ...pace].map((point) => point.t);
  const domain: [number, number] = [Math.min(...times), Math.max(...times)];
  // One tick per local day: its midnight in the board's zone, as the pace points' day starts.
  const ticks = detail.pace
    .filter((_, index) => index % 2 === 0)
    .map((point) => Date.parse(point.at));
  const tick = (t: number) =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      hour: 'numeric',
      timeZone: detail.timeZone,
    }).format(new Date(t));
  const top = Math.max(100, ...fill.map((point) => point.fill));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={domain}
          ticks={ticks}
          tickFormatter={tick}
          tick={AXIS}
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
          labelFormatter={(t) => momentLabel(Number(t), detail.timeZone)}
          formatter={(value, name) => [`${String(value)} %`, name]}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          data={pace}
          dataKey="pace"
          name="Pace curve (expected)"
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
      </LineChart>
    </ResponsiveContainer>
  );
}
