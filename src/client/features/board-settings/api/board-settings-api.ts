import type { BoardSettingsResponse } from '@shared/api/board-settings';
import type { CompanyBoardSettings } from '@shared/settings/dashboard-settings';
import { useQuery } from '@tanstack/react-query';
import { apiJson, apiUpload } from '@/lib/api';

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

/** Read on opening, every 60 s and when the window regains focus; pushes invalidate the key. */
export function useBoardSettingsQuery(companyId?: number) {
  return useQuery({
    queryKey: boardSettingsKey(companyId),
    queryFn: ({ signal }) => getBoardSettings(companyId, signal),
    staleTime: 0,
    refetchInterval: BOARD_SETTINGS_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
}
