import type { BoardSettingsResponse } from '@shared/api/board-settings';
import type { CompanyBoardSettings } from '@shared/settings/dashboard-settings';
import { useQuery } from '@tanstack/react-query';
import { apiJson, apiUpload, readAgainOnMount } from '@/lib/api';

/** The company's board settings (decision 009); `companyId` only when a master admin names one. */
export const boardSettingsKey = (companyId?: number) =>
  ['/api/board-settings', companyId ?? null] as const;

/** Settings changed elsewhere (another admin, another tab) reach this board within a minute. */
export const BOARD_SETTINGS_REFRESH_MS = 60_000;

const withCompany = (path: string, companyId?: number) =>
  companyId === undefined ? path : `${path}?companyId=${companyId}`;

export function getBoardSettings(companyId?: number, signal?: AbortSignal) {
  return apiJson<BoardSettingsResponse>(
    'GET',
    withCompany('/api/board-settings', companyId),
    undefined,
    { signal },
  );
}

export function saveBoardSettings(
  settings: CompanyBoardSettings,
  version: number,
  companyId?: number,
) {
  return apiJson<BoardSettingsResponse>('PUT', withCompany('/api/board-settings', companyId), {
    settings,
    version,
  });
}

export function uploadLogo(file: Blob, companyId?: number) {
  return apiUpload<BoardSettingsResponse>(
    'PUT',
    withCompany('/api/board-settings/logo', companyId),
    file,
  );
}

export function removeLogo(companyId?: number) {
  return apiJson<BoardSettingsResponse>(
    'DELETE',
    withCompany('/api/board-settings/logo', companyId),
  );
}

/** The company's board settings query: its key and how it reads. */
export function boardSettingsQuery(companyId?: number) {
  return {
    queryKey: boardSettingsKey(companyId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getBoardSettings(companyId, signal),
  };
}

/** Read on opening, every 60 s and when the window regains focus; pushes invalidate the key. */
export function useBoardSettingsQuery(companyId?: number) {
  return useQuery({
    ...boardSettingsQuery(companyId),
    staleTime: 0,
    // Settings read moments ago (prefetched while the page's code loaded) are not read twice.
    refetchOnMount: readAgainOnMount,
    refetchInterval: BOARD_SETTINGS_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
}
