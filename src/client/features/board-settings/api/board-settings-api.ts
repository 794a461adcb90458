import type { BoardSettingsResponse } from '@shared/api/board-settings';
import type { CompanyBoardSettings } from '@shared/settings/dashboard-settings';
import { useQuery } from '@tanstack/react-query';
import { apiJson, apiUpload, readAgainOnMount } from '@/lib/api';
import { withQuery } from '@/lib/with-query';

/**
 * The board settings (decision 009) of one board (decision 014: `boardId`; absent, the company's
 * first); `companyId` only when a master admin names one.
 */
export const boardSettingsKey = (companyId?: number, boardId?: number) =>
  ['/api/board-settings', companyId ?? null, boardId ?? null] as const;

/** Settings changed elsewhere (another admin, another tab) reach this board within a minute. */
export const BOARD_SETTINGS_REFRESH_MS = 60_000;

export function getBoardSettings(companyId?: number, signal?: AbortSignal, boardId?: number) {
  return apiJson<BoardSettingsResponse>(
    'GET',
    withQuery('/api/board-settings', { companyId, boardId }),
    undefined,
    { signal },
  );
}

export function saveBoardSettings(
  settings: CompanyBoardSettings,
  version: number,
  companyId?: number,
  boardId?: number,
) {
  return apiJson<BoardSettingsResponse>(
    'PUT',
    withQuery('/api/board-settings', { companyId, boardId }),
    { settings, version },
  );
}

export function uploadLogo(file: Blob, companyId?: number, boardId?: number) {
  return apiUpload<BoardSettingsResponse>(
    'PUT',
    withQuery('/api/board-settings/logo', { companyId, boardId }),
    file,
  );
}

export function removeLogo(companyId?: number, boardId?: number) {
  return apiJson<BoardSettingsResponse>(
    'DELETE',
    withQuery('/api/board-settings/logo', { companyId, boardId }),
  );
}

/** One board's settings query: its key and how it reads. */
export function boardSettingsQuery(companyId?: number, boardId?: number) {
  return {
    queryKey: boardSettingsKey(companyId, boardId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getBoardSettings(companyId, signal, boardId),
  };
}

/** Read on opening, every 60 s and when the window regains focus; pushes invalidate the key. */
export function useBoardSettingsQuery(companyId?: number, boardId?: number) {
  return useQuery({
    ...boardSettingsQuery(companyId, boardId),
    staleTime: 0,
    // Settings read moments ago (prefetched while the page's code loaded) are not read twice.
    refetchOnMount: readAgainOnMount,
    refetchInterval: BOARD_SETTINGS_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
}
