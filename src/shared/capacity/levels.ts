/** Table colour of a capacity percent (seed section 9). */
export type CapacityLevel = 'red' | 'yellow' | 'green';

export const CAPACITY_LEVEL_COLORS: Record<CapacityLevel, string> = {
  red: '#ef4444',
  yellow: '#eab308',
  green: '#22c55e',
};

/** Up to 70 % red, 71-89 % yellow, 90 % and above green (fractions between round the way a reader would). */
export function capacityLevel(percent: number): CapacityLevel {
  if (!Number.isFinite(percent) || percent < 70.5) return 'red';
  if (percent < 90) return 'yellow';
  return 'green';
}
