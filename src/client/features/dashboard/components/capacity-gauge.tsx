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
 * Half-dial gauge: 7 colour bands from 0 to 100 %, a needle that stops at 100 %, and a marker
 * at the day's target percentage.
 */
export function CapacityGauge({
  percent,
  targetPercent,
}: {
  percent: number;
  targetPercent: number;
}) {
  const needle = needleAngle(percent);
  const tip = pointOnDial(CX, CY, RADIUS - STROKE / 2 - 6, needle);
  const markerAngle = targetMarkerAngle(targetPercent);
  const markerInner = pointOnDial(CX, CY, RADIUS - STROKE / 2 - 4, markerAngle);
  const markerOuter = pointOnDial(CX, CY, RADIUS + STROKE / 2 + 4, markerAngle);
  const markerLabel = pointOnDial(CX, CY, RADIUS + STROKE / 2 + 14, markerAngle);
  const band = gaugeBandFor(percent);
  return (
    <svg
      viewBox="-14 -12 228 130"
      className="h-auto w-full max-w-[15em] xl:max-w-[17em]"
      role="img"
      aria-label={`Capacity ${percent}% of target, goal ${targetPercent}%`}
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
