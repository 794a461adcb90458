import { can } from '@shared/permissions';
import { useSearch } from 'wouter';
import { companyIdIn } from '@/config/paths';
import { useAuth } from './use-auth';

/**
 * The company a page acts for (Boards, History, Alerts, the configuration pages): a master
 * admin's choice in the address (`?companyId=`), else the person's own. `chosen` is the company
 * a master admin named (undefined: their own), which the page's API calls pass on as
 * `?companyId=`; `companyId` is the one acted for (undefined: none yet).
 */
export function useChosenCompany(): {
  master: boolean;
  chosen: number | undefined;
  companyId: number | undefined;
} {
  const { user, actor } = useAuth();
  const search = useSearch();
  const master = can(actor, 'companies.manage');
  const chosen = master ? companyIdIn(search) : undefined;
  return { master, chosen, companyId: chosen ?? user?.companyId ?? undefined };
}
