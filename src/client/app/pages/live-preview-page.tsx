import { can } from '@shared/permissions';
import { Board } from '@/features/dashboard/components/board';
import { WelcomeBanner } from '@/features/preview/components/welcome-banner';
import { useAuth } from '@/hooks/use-auth';
import { renderSettingsPanel } from '../settings-panel';

/** `/customize`: the board with sample data, editable by anyone, in the visitor's browser only.
 * A signed-in visitor keeps their menu (pages, Logout) but not the live board's lock and help. */
export function LivePreviewPage() {
  const { actor, isAuthenticated } = useAuth();
  return (
    <Board
      live={false}
      signedIn={isAuthenticated}
      canEdit
      isMasterAdmin={can(actor, 'companies.manage')}
      renderSettingsPanel={renderSettingsPanel}
      banner={<WelcomeBanner />}
    />
  );
}
