import { can } from '@shared/permissions';
import { useCallback } from 'react';
import { Board } from '@/features/dashboard/components/board';
import { loadBoardControls } from '@/features/dashboard/hooks/use-board-controls';
import { WelcomeBanner } from '@/features/preview/components/welcome-banner';
import { useAuth } from '@/hooks/use-auth';
import { usePreviewSettings } from '@/hooks/use-preview-settings';
import { renderSettingsPanel } from '../settings-panel';

// The board's buttons and editors load beside its code and numbers, not after the first paint.
void loadBoardControls().catch(() => undefined);

/**
 * `/customize`: the board with sample data, editable by anyone, in the visitor's browser only
 * (the seed's `dashboardSettings` storage, never the company's settings: decision 009).
 * A signed-in visitor keeps their menu (pages, Logout) but not the live board's lock and help.
 */
export function LivePreviewPage() {
  const { actor, isAuthenticated } = useAuth();
  const { settings, updateSettings } = usePreviewSettings();
  // The seed keeps the preview's logo as a data URL in this browser.
  const onLogoChange = useCallback(
    (file: File | null) => {
      if (!file) {
        updateSettings((current) => ({ ...current, logoUrl: undefined }));
        return;
      }
      const reader = new FileReader();
      reader.onload = () => {
        const logoUrl = reader.result;
        if (typeof logoUrl === 'string') updateSettings((current) => ({ ...current, logoUrl }));
      };
      reader.readAsDataURL(file);
    },
    [updateSettings],
  );
  return (
    <Board
      settings={settings}
      onChange={updateSettings}
      onLogoChange={onLogoChange}
      zipTimeZone="preview"
      live={false}
      signedIn={isAuthenticated}
      canEdit
      isMasterAdmin={can(actor, 'companies.manage')}
      renderSettingsPanel={renderSettingsPanel}
      banner={<WelcomeBanner />}
    />
  );
}
