/**
 * Geometry and colours of the per-day capacity gauge: a half dial from 0 % (left) to 100 %
 * (right) in 7 colour bands of 14.3 % each; the needle stops at 100 % and a marker shows the
 * day's target. Angles are degrees of rotation from pointing straight up (-90 = 0 %,
 * +90 = 100 %), so a needle drawn pointing up can be rotated by them directly.
 */

export const GAUGE_BAND_STEP = 14.3;

const BAND_COLORS = [
  '#dc2626',
  '#ef4444',
  '#f97316',
  '#f59e0b',
  '#eab308',
  '#84cc16',
  '#22c55e',
] as const;

export interface GaugeBand {
  /** Inclusive lower bound, percent. */
  from: number;
  /** Exclusive upper bound, percent (the last band ends at 100). */
  to: number;
  color: string;
}

export const GAUGE_BANDS: readonly GaugeBand[] = BAND_COLORS.map((color, i) => ({
  from: Math.round(i * GAUGE_BAND_STEP * 10) / 10,
  to: i === BAND_COLORS.length - 1 ? 100 : Math.round((i + 1) * GAUGE_BAND_STEP * 10) / 10,
  color,
}));

function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

/** Rotation for a percent on the dial, clamped to 0-100. */
export function percentToAngle(percent: number): number {
  return -90 + (clampPercent(percent) / 100) * 180;
}

/** The needle's rotation: over 100 % it rests at the right end. */
export function needleAngle(percent: number): number {
  return percentToAngle(percent);
}

/** Where the target marker sits. */
export function targetMarkerAngle(targetPercent: number): number {
  return percentToAngle(targetPercent);
}

/** The band a percent falls in (over 100 % is the last band). */
export function gaugeBandFor(percent: number): GaugeBand {
  const p = clampPercent(percent);
  const band =
    GAUGE_BANDS.find((b) => p >= b.from && p < b.to) ?? GAUGE_BANDS[GAUGE_BANDS.length - 1];
  return band!;
}

/** A point on a circle for a rotation from straight up (SVG coordinates: y grows downwards). */
export function pointOnDial(
  cx: number,
  cy: number,
  radius: number,
  angle: number,
): { x: number; y: number } {
  const radians = (angle * Math.PI) / 180;
  return { x: cx + radius * Math.sin(radians), y: cy - radius * Math.cos(radians) };
}

/** SVG path `d` of an arc between two rotations (clockwise). */
export function dialArcPath(
  cx: number,
  cy: number,
  radius: number,
  fromAngle: number,
  toAngle: number,
): string {
  const start = pointOnDial(cx, cy, radius, fromAngle);
  const end = pointOnDial(cx, cy, radius, toAngle);
  const largeArc = toAngle - fromAngle > 180 ? 1 : 0;
  const f = (n: number) => Math.round(n * 1000) / 1000;
  return `M ${f(start.x)} ${f(start.y)} A ${radius} ${radius} 0 ${largeArc} 1 ${f(end.x)} ${f(end.y)}`;
}
