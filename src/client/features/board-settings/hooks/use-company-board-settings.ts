import type { BoardSettingsResponse } from '@shared/api/board-settings';
import { DEFAULT_CAPACITY_TIME_ZONE } from '@shared/calendar/time-zone';
import {
  DASHBOARD_SETTINGS_KEY,
  companyBoardDefaults,
  companyPartOf,
  withDefaults,
} from '@shared/settings/board-settings-core';
import type {
  CompanyBoardSettings,
  DashboardSettings,
  ViewType,
} from '@shared/settings/dashboard-settings';
import { PREVIEW_MARK } from '@shared/settings/storage-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { namesOf } from '@/features/dashboard/lib/board-names';
import { usePersonalViewType } from '@/hooks/use-personal-view-type';
import type { SettingsUpdate } from '@/hooks/use-preview-settings';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api';
import { reportError } from '@/lib/report-error';
import { readStorage } from '@/lib/storage';
import {
  boardSettingsKey,
  removeLogo,
  saveBoardSettings,
  uploadLogo,
  useBoardSettingsQuery,
} from '../api/board-settings-api';

/** Saves and logo changes of one board run one after another, each naming the version before. */
const WRITE_SCOPE = 'board-settings-write';

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Stored by this build's Live Preview (not an older build's signed-in board): not carried over. */
function writtenByPreview(raw: string): boolean {
  try {
    return (JSON.parse(raw) as Record<string, unknown> | null)?.[PREVIEW_MARK] === true;
  } catch {
    return true;
  }
}

/** A data URL's bytes as an image Blob (the seed kept logos as data URLs in the browser). */
function dataUrlToBlob(dataUrl: string): Blob | null {
  const match = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is.exec(dataUrl);
  if (!match) return null;
  try {
    const binary = atob(match[2]!.replace(/\s/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new Blob([bytes], { type: match[1] });
  } catch {
    return null;
  }
}

/**
 * The signed-in board's settings: the company's from the server (TanStack Query, refreshed every
 * 60 s and on focus) with the person's own view type from this browser. Editors' changes show at
 * once (optimistic) and are saved whole with the version they were made on; a change made
 * elsewhere meanwhile answers 409, which is said in words and replaced by the stored settings.
 */
export function useCompanyBoardSettings(
  companyId?: number,
  /** The board named in the address (issue 26); absent, the company's first board. */
  boardId?: number,
  /** A named board's view type (the server answers with it), once the list of boards says. */
  boardViewType?: ViewType,
) {
  const queryClient = useQueryClient();
  const key = boardSettingsKey(companyId, boardId);
  const query = useBoardSettingsQuery(companyId, boardId);
  const [personalViewType, setViewType] = usePersonalViewType();
  // A named board shows its own view type (the server answers with it); `/` the person's own.
  const viewType = boardViewType ?? personalViewType;
  const data = query.data;

  /** Applies the server's answer; while more writes wait, only its version (theirs come after). */
  const settle = useCallback(
    (answer: BoardSettingsResponse) => {
      const waiting = queryClient.isMutating({ mutationKey: [WRITE_SCOPE] }) > 1;
      queryClient.setQueryData<BoardSettingsResponse>(key, (old) =>
        waiting && old ? { ...old, version: answer.version, logoUrl: answer.logoUrl } : answer,
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, companyId, boardId],
  );

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) {
        toast({ title: 'Settings changed elsewhere', description: error.sentence });
      } else {
        reportError(error, 'The board settings could not be saved.');
      }
      void queryClient.invalidateQueries({ queryKey: key });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, companyId, boardId],
  );

  const currentVersion = () => queryClient.getQueryData<BoardSettingsResponse>(key)?.version ?? 0;

  const save = useMutation({
    mutationKey: [WRITE_SCOPE],
    scope: { id: WRITE_SCOPE },
    mutationFn: (settings: CompanyBoardSettings) =>
      saveBoardSettings(settings, currentVersion(), companyId, boardId),
    onSuccess: settle,
    onError: failed,
  });

  const logo = useMutation({
    mutationKey: [WRITE_SCOPE],
    scope: { id: WRITE_SCOPE },
    mutationFn: (file: Blob | null) =>
      file ? uploadLogo(file, companyId, boardId) : removeLogo(companyId, boardId),
    onSuccess: settle,
    onError: failed,
  });

  const failedToLoad = query.isError && !data;
  const settings = useMemo<DashboardSettings | undefined>(
    () =>
      data
        ? { ...data.settings, viewType, ...(data.logoUrl ? { logoUrl: data.logoUrl } : {}) }
        : // Unreadable settings still leave a board with numbers (the error is shown beside it).
          failedToLoad
          ? { ...withDefaults(companyBoardDefaults(DEFAULT_CAPACITY_TIME_ZONE)), viewType }
          : undefined,
    [data, viewType, failedToLoad],
  );

  // Edits derive from the newest settings, including ones not rendered back yet.
  const latest = useRef(settings);
  useLayoutEffect(() => {
    latest.current = settings;
  }, [settings]);

  const updateSettings = useCallback(
    (update: SettingsUpdate) => {
      const current = latest.current;
      if (!current) return;
      const next = typeof update === 'function' ? update(current) : { ...current, ...update };
      latest.current = next;
      if (next.viewType !== current.viewType) setViewType(next.viewType);
      const before = companyPartOf(current);
      const after = companyPartOf(next);
      if (sameJson(before, after)) return;
      const answer = queryClient.getQueryData<BoardSettingsResponse>(key);
      if (!answer?.canEdit) return;
      // Shown at once; a refresh in flight must not bring the old settings back meanwhile.
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<BoardSettingsResponse>(key, { ...answer, settings: after });
      save.mutate(after);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, companyId, boardId, save.mutate, setViewType],
  );

  const changeLogo = useCallback(
    (file: Blob | null) => {
      if (!queryClient.getQueryData<BoardSettingsResponse>(key)?.canEdit) return;
      logo.mutate(file);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, companyId, boardId, logo.mutate],
  );

  // One-time carry-over (decision 009): a company that has stored nothing yet takes the
  // settings an editor's browser kept before boards shared them, so existing customers keep
  // their title, colours and logo. Version 0 in the save makes it happen once per company.
  const imported = useRef(false);
  useEffect(() => {
    if (imported.current || !data || data.version !== 0 || !data.canEdit) return;
    imported.current = true;
    const raw = readStorage(DASHBOARD_SETTINGS_KEY);
    if (raw === null || writtenByPreview(raw)) return;
    void (async () => {
      // Parsing what an older build stored needs the schemas: loaded only for this one-time step.
      const { parseStoredDashboardSettings } = await import('@shared/settings/dashboard-settings');
      const kept = parseStoredDashboardSettings(raw);
      const company = companyPartOf(kept);
      if (sameJson(company, data.settings) && !kept.logoUrl) return;
      try {
        let answer = await saveBoardSettings(company, 0, companyId, boardId);
        const blob = kept.logoUrl ? dataUrlToBlob(kept.logoUrl) : null;
        if (blob) answer = await uploadLogo(blob, companyId, boardId).catch(() => answer);
        queryClient.setQueryData(key, answer);
      } catch {
        // Someone else saved first (409) or the save failed: the stored settings stay.
        void queryClient.invalidateQueries({ queryKey: key });
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, companyId, boardId, queryClient]);

  return {
    settings,
    isLoading: query.isPending,
    error: query.error,
    canEdit: data?.canEdit ?? false,
    editDenial: data?.editDenial ?? null,
    names: namesOf(data),
    updateSettings,
    changeLogo,
  };
}
