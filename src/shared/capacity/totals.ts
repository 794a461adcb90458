import { capacityPercent } from './percent.js';

export interface CapacityTotals {
  scheduled: number;
  target: number;
  percent: number;
}

/** Scheduled and target summed across rows, and their capacity percent. */
export function capacityTotals(
  rows: readonly { scheduled: number; target: number }[],
): CapacityTotals {
  let scheduled = 0;
  let target = 0;
  for (const row of rows) {
    if (Number.isFinite(row.scheduled)) scheduled += row.scheduled;
    if (Number.isFinite(row.target)) target += row.target;
  }
  return { scheduled, target, percent: capacityPercent(scheduled, target) };
}
