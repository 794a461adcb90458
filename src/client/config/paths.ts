import { INVITATIONS_PAGE } from '@shared/api/invitation-page';
import { withQuery } from '@/lib/with-query';

/** Every client route path, in one place (seed section 2). */
export const paths = {
  home: '/',
  customize: '/customize',
  pricing: '/pricing',
  admin: '/admin',
  companies: '/companies',
  businessUnits: '/business-units',
  jobTypes: '/job-types',
  /** Onboarding (decision 16): create the company, then connect its platform. */
  setup: '/setup',
  /** A wall TV: a pairing code, then the company's board read-only (decision 010). */
  tv: '/tv',
  /** The admin's Screens list; `?code=` fills in a TV's pairing code (its QR code opens this). */
  screens: '/admin/screens',
  /** A board's alert rules and delivery log (issue 23); `?boardId=` names the board. */
  alerts: '/alerts',
  /** A board's past days (issue 27): `?boardId=` names the board. */
  history: '/history',
  /** Invitations waiting for the person's choice (decision 019): the sign-in sends them here. */
  invitations: INVITATIONS_PAGE,
  /** One board of the company (issue 26): a bookmark or a browser kiosk opens this board. */
  board: '/boards/:id',
  /** The admin's Boards page: create, rename, reorder, pick items, delete (issue 26). */
  boards: '/admin/boards',
  /** The admin's API keys (issue 37): create, copy once, list, revoke. */
  apiKeys: '/admin/api-keys',
} as const;

/** The address of one board (`paths.board`). */
export const boardPath = (boardId: number) => `/boards/${boardId}`;

/** The query parameter naming the company whose board a master admin opens on /. */
export const BOARD_COMPANY_PARAM = 'companyId';

/** A company's board, as a master admin opens it from the companies they manage. */
export const boardOf = (companyId: number) => `${paths.home}?${BOARD_COMPANY_PARAM}=${companyId}`;

/** The company named by `?companyId=` in an address's query, when it is a number. */
export function companyIdIn(search: string): number | undefined {
  const value = new URLSearchParams(search).get(BOARD_COMPANY_PARAM);
  return value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined;
}

/** A board's address, keeping the company a master admin opened (none: the person's own). */
export const boardAddress = (boardId: number, companyId: number | undefined) =>
  ofCompany(boardPath(boardId), companyId);

/** A page of the company a master admin chose (`?companyId=`; none: the person's own). */
const ofCompany = (path: string, companyId: number | undefined) =>
  withQuery(path, { [BOARD_COMPANY_PARAM]: companyId });

/** The Boards page, for a master admin on another company's boards. */
export const boardsOf = (companyId: number | undefined) => ofCompany(paths.boards, companyId);

/** The board of the company a master admin chose (none: the person's own, as `/` opens it). */
export const homeOf = (companyId: number | undefined) => ofCompany(paths.home, companyId);

/** A configuration page (`/business-units`, `/job-types`) of the company a master admin chose. */
export const itemConfigOf = (type: 'businessUnit' | 'jobType', companyId: number | undefined) =>
  ofCompany(type === 'businessUnit' ? paths.businessUnits : paths.jobTypes, companyId);

/** `?companyId=` (when named) and `?boardId=` (when named) after a path. */
const withCompanyAndBoard = (path: string, boardId?: number, companyId?: number) =>
  withQuery(path, { [BOARD_COMPANY_PARAM]: companyId, boardId });

/**
 * The Alerts page of one board (without an id: the company's first board), of the company a
 * master admin chose (none: the person's own).
 */
export const alertsOf = (boardId?: number, companyId?: number) =>
  withCompanyAndBoard(paths.alerts, boardId, companyId);

/**
 * The History page of one board (without an id: the board last used, else the first), of the
 * company a master admin chose (none: the person's own), with the range chosen on it (none: the
 * last 4 weeks), so a reload or a shared link shows the same days.
 */
export const historyOf = (
  boardId?: number,
  companyId?: number,
  range?: { from: string; to: string } | null,
) =>
  withQuery(paths.history, {
    [BOARD_COMPANY_PARAM]: companyId,
    boardId,
    from: range?.from,
    to: range?.to,
  });

/** Full-page navigations handled by the server (seed: sign-in, sign-up and after sign-out are /). */
export const authUrls = {
  login: '/api/login',
  logout: '/api/logout',
} as const;
