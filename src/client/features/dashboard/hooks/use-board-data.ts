import { displayDays } from '@shared/calendar/display-days';
import { sampleCapacityDays } from '@shared/capacity/sample-data';
import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api';
import { handleSessionExpired, isSessionExpired } from '@/lib/session-expired';
import { useCapacity } from '../api/get-capacity';
import { boardDaysOf, boardMeasureOf, type BoardDay, type BoardMeasure } from '../lib/board-day';

export const CAPACITY_ERROR_FALLBACK = 'Failed to fetch capacity data';

export interface BoardData {
  days: BoardDay[];
  /** First load with nothing to show yet. */
  isLoading: boolean;
  /** A reload is running while the previous numbers stay on screen. */
  isRefreshing: boolean;
  error: string | null;
  /** The numbers are older than they should be because the platform failed. */
  stale: boolean;
  staleReason: string | null;
  /** When these numbers were read from the platform (or generated, for sample data). */
  fetchedAt: Date | null;
  isSample: boolean;
  /** A board set to measure hours (issue 35): whether it shows them, from where, or why not. */
  measure: BoardMeasure | null;
  /** BILLING_REQUIRED and the company has no running plan (402): no numbers, no error toast. */
  subscriptionRequired: boolean;
  refresh: () => void;
}

function sampleDays(settings: DashboardSettings, now: Date): BoardDay[] {
  let dates: string[];
  try {
    dates = displayDays({
      now,
      timeZone: settings.timezone,
      workdays: settings.workdays,
      holidays: settings.holidays,
    }).map((d) => d.date);
  } catch {
    dates = [];
  }
  const samples = sampleCapacityDays(settings.viewType, dates.length);
  return dates.map((date, i) => ({ date, items: samples[i]?.data ?? [] }));
}

/** Live capacity when signed in, the shared sample data when not; same shape either way. */
export function useBoardData(
  settings: DashboardSettings,
  live: boolean,
  companyId?: number,
  boardId?: number,
): BoardData {
  const query = useCapacity(settings, live, companyId, boardId);
  const [sampleTime, setSampleTime] = useState(() => new Date());

  const sample = useMemo(
    () => (live ? [] : sampleDays(settings, sampleTime)),
    [live, settings, sampleTime],
  );

  const response = query.data;
  const sessionExpired = live && isSessionExpired(query.error);
  const subscriptionRequired =
    live && query.error instanceof ApiError && query.error.status === 402;
  const error =
    live && !sessionExpired && !subscriptionRequired
      ? query.error
        ? query.error.message || CAPACITY_ERROR_FALLBACK
        : response?.error !== undefined
          ? response.error || CAPACITY_ERROR_FALLBACK
          : null
      : null;

  // A board whose session ended signs in again rather than showing a 401 all day.
  useEffect(() => {
    if (!sessionExpired) return;
    const timer = handleSessionExpired();
    return () => clearTimeout(timer);
  }, [sessionExpired]);

  // One destructive toast per new error (not one a minute while the same failure lasts).
  const lastToasted = useRef<string | null>(null);
  useEffect(() => {
    if (error && error !== lastToasted.current) {
      toast({ title: 'Error', description: error, variant: 'destructive' });
    }
    lastToasted.current = error;
  }, [error]);

  if (!live) {
    return {
      days: sample,
      isLoading: false,
      isRefreshing: false,
      error: null,
      stale: false,
      staleReason: null,
      fetchedAt: sampleTime,
      isSample: true,
      measure: null,
      subscriptionRequired: false,
      refresh: () => setSampleTime(new Date()),
    };
  }

  return {
    days: boardDaysOf(response?.days),
    isLoading: query.isPending,
    isRefreshing: query.isFetching && !query.isPending,
    error,
    stale: response?.stale ?? false,
    staleReason: response?.staleReason ?? null,
    fetchedAt: response?.fetchedAt ? new Date(response.fetchedAt) : null,
    isSample: false,
    measure: boardMeasureOf(response),
    subscriptionRequired,
    refresh: () => void query.refetch(),
  };
}
