import type { BoardSettingsResponse } from '@shared/api/board-settings';
import type { CompanyBoardSettings } from '@shared/settings/dashboard-settings';
import { useQuery } from '@tanstack/react-query';
import { apiJson, apiUpload, readAgainOnMount } from '@/lib/api';

/**
 * The board settings (decision 009) of one board (decision 014: `boardId`; absent, the company's
 * first); `companyId` only when a master admin names one.
 */
export const boardSettingsKey = (companyId?: number, boardId?: number) =>
  ['/api/board-settings', companyId ?? null, boardId ?? null] as const;

/** Settings changed elsewhere (another admin, another tab) reach this board within a minute. */
export const BOARD_SETTINGS_REFRESH_MS = 60_000;

/** `path` with `?companyId=` and `?boardId=` when given. */
export function withBoard(path: string, companyId?: number, boardId?: number): string {
  const query = new URLSearchParams();
  if (companyId !== undefined) query.set('companyId', String(companyId));
  if (boardId !== undefined) query.set('boardId', String(boardId));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export function getBoardSettings(companyId?: number, signal?: AbortSignal, boardId?: number) {
  return apiJson<BoardSettingsResponse>(
    'GET',
    withBoard('/api/board-settings', companyId, boardId),
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
    withBoard('/api/board-settings', companyId, boardId),
    { settings, version },
  );
}

export function uploadLogo(file: Blob, companyId?: number, boardId?: number) {
  return apiUpload<BoardSettingsResponse>(
    'PUT',
    withBoard('/api/board-settings/logo', companyId, boardId),
    file,
  );
}

export function removeLogo(companyId?: number, boardId?: number) {
  return apiJson<BoardSettingsResponse>(
    'DELETE',
    withBoard('/api/board-settings/logo', companyId, boardId),
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
