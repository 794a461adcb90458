/** Capacity percent = scheduled / target, rounded; 0 when the target is 0 (or not a number). */
export function capacityPercent(scheduled: number, target: number): number {
  if (!Number.isFinite(scheduled) || !Number.isFinite(target) || target <= 0) return 0;
  return Math.round((scheduled / target) * 100);
}
