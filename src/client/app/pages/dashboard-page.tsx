import { Board } from '@/features/dashboard/components/board';
import { useAuth } from '@/hooks/use-auth';
import { renderSettingsPanel } from '../settings-panel';

/** `/` signed in: the live board. */
export function DashboardPage() {
  const { user, canEdit, editDenial } = useAuth();
  return (
    <Board
      live
      signedIn
      canEdit={canEdit}
      editDenial={editDenial}
      isMasterAdmin={user?.role === 'master_admin'}
      renderSettingsPanel={renderSettingsPanel}
    />
  );
}
