import { Board } from '@/features/dashboard/components/board';
import { WelcomeBanner } from '@/features/preview/components/welcome-banner';
import { useAuth } from '@/hooks/use-auth';
import { renderSettingsPanel } from '../settings-panel';

/** `/customize`: the board with sample data, editable by anyone, in the visitor's browser only. */
export function LivePreviewPage() {
  const { user } = useAuth();
  return (
    <Board
      signedIn={false}
      canEdit
      isMasterAdmin={user?.role === 'master_admin'}
      renderSettingsPanel={renderSettingsPanel}
      banner={<WelcomeBanner />}
    />
  );
}
