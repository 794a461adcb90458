import {
  dialArcPath,
  GAUGE_BANDS,
  gaugeBandFor,
  needleAngle,
  percentToAngle,
  pointOnDial,
  targetMarkerAngle,
} from '@shared/capacity/gauge';

const CX = 100;
const CY = 100;
const RADIUS = 80;
const STROKE = 18;

/**
 * The expected-by-now pointer: a wide wedge outside the dial whose tip touches the band, so it
 * never looks like the needle (inside), as SVG polygon points.
 */
function pacePointer(expectedPercent: number): string {
  const angle = percentToAngle(expectedPercent);
  const outer = RADIUS + STROKE / 2;
  // [radius, degrees either side of the angle]
  const outline: [number, number][] = [
    [outer + 1, 0],
    [outer + 15, -6.5],
    [outer + 15, 6.5],
  ];
  return outline
    .map(([radius, offset]) => pointOnDial(CX, CY, radius, angle + offset))
    .map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)
    .join(' ');
}

/** Degrees between the pointer and the target label at which the label steps aside. */
const LABEL_CLEARANCE = 14;

/**
 * Half-dial gauge: 7 colour bands from 0 to 100 %, a needle that stops at 100 %, and a marker
 * at the day's target percentage.
 */
export function CapacityGauge({
  percent,
  of = 'target',
  targetPercent,
  expectedPercent,
  usual,
}: {
  percent: number;
  /** What the percent is of: the target's jobs, or the crew's hours (an hours board, issue 35). */
  of?: 'target' | 'hours';
  targetPercent: number;
  /** The expected fill now (pace, issue 27): a pointer outside the dial. */
  expectedPercent?: number | undefined;
  /**
   * Judged by the board's own past days (decision 038): their usual range by now, drawn as an arc
   * under the pointer; below it the day reads Behind.
   */
  usual?: { low: number; high: number } | null | undefined;
}) {
  const pace = expectedPercent === undefined ? null : pacePointer(expectedPercent);
  const usualArc =
    usual && expectedPercent !== undefined
      ? dialArcPath(
          CX,
          CY,
          RADIUS + STROKE / 2 + 4,
          percentToAngle(Math.min(usual.low, expectedPercent)),
          percentToAngle(Math.max(usual.high, expectedPercent)),
        )
      : null;
  const needle = needleAngle(percent);
  const tip = pointOnDial(CX, CY, RADIUS - STROKE / 2 - 6, needle);
  const markerAngle = targetMarkerAngle(targetPercent);
  const markerInner = pointOnDial(CX, CY, RADIUS - STROKE / 2 - 4, markerAngle);
  const markerOuter = pointOnDial(CX, CY, RADIUS + STROKE / 2 + 4, markerAngle);
  // The target's label steps aside when the pace pointer would cover it.
  const paceAngle = expectedPercent === undefined ? null : percentToAngle(expectedPercent);
  const labelAngle =
    paceAngle !== null && Math.abs(paceAngle - markerAngle) < LABEL_CLEARANCE
      ? paceAngle + (markerAngle > paceAngle ? LABEL_CLEARANCE : -LABEL_CLEARANCE)
      : markerAngle;
  const markerLabel = pointOnDial(CX, CY, RADIUS + STROKE / 2 + 14, labelAngle);
  const band = gaugeBandFor(percent);
  return (
    <svg
      viewBox="-14 -12 228 130"
      className="h-auto w-full max-w-[15em] xl:max-w-[17em]"
      role="img"
      aria-label={`${of === 'hours' ? `${percent}% of technician hours booked` : `Capacity ${percent}% of target`}, goal ${targetPercent}%${expectedPercent === undefined ? '' : `, expected by now ${expectedPercent}%`}${usualArc && usual ? `, usual by now ${usual.low} to ${usual.high}%` : ''}`}
      data-testid="capacity-gauge"
    >
      {GAUGE_BANDS.map((b) => (
        <path
          key={b.from}
          d={dialArcPath(CX, CY, RADIUS, percentToAngle(b.from), percentToAngle(b.to))}
          stroke={b.color}
          strokeWidth={STROKE}
          fill="none"
          opacity={0.9}
        />
      ))}
      <line
        x1={markerInner.x}
        y1={markerInner.y}
        x2={markerOuter.x}
        y2={markerOuter.y}
        stroke="currentColor"
        strokeWidth={3}
        strokeLinecap="round"
        data-testid="gauge-target-marker"
      />
      {usualArc && (
        <path
          d={usualArc}
          stroke="currentColor"
          strokeWidth={5}
          strokeLinecap="round"
          fill="none"
          opacity={0.35}
          data-testid="gauge-usual-range"
        />
      )}
      {pace && (
        // Bold enough to read from across the room; the status under the gauge says it in words.
        <polygon
          points={pace}
          fill="currentColor"
          stroke="var(--card)"
          strokeWidth={1.5}
          strokeLinejoin="round"
          data-testid="gauge-pace-marker"
        />
      )}
      <text
        x={markerLabel.x}
        y={markerLabel.y}
        fontSize={9}
        textAnchor="middle"
        dominantBaseline="middle"
        fill="currentColor"
        opacity={0.8}
      >
        {targetPercent}%
      </text>
      <line
        x1={CX}
        y1={CY}
        x2={tip.x}
        y2={tip.y}
        stroke="currentColor"
        strokeWidth={4}
        strokeLinecap="round"
        data-testid="gauge-needle"
      />
      <circle cx={CX} cy={CY} r={7} fill="currentColor" />
      <circle cx={CX} cy={CY} r={3} fill={band.color} />
    </svg>
  );
}
