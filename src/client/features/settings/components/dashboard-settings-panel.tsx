import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { Lock } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { AppearanceSection } from './appearance-section';
import { CapacityWeatherSection } from './capacity-weather-section';
import { ScheduleSection } from './schedule-section';
import type { SettingsUpdater } from './section-props';

export interface DashboardSettingsPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  settings: DashboardSettings;
  /** Called on every edit; the dashboard applies and persists it at once. */
  onChange(next: DashboardSettings): void;
  /** A new logo, or null to remove it (kept where the board keeps its settings). */
  onLogoChange(file: File | null): void;
  /** False shows the read-only banner and disables every control. */
  canEdit: boolean;
  /** The live board whose history may teach a pace curve (decision 037). */
  learnedPaceFor?: { boardId: number | undefined } | undefined;
}

export const READ_ONLY_MESSAGE =
  'Read-Only Mode: You can view settings but cannot make changes. Contact an administrator for edit access.';

/**
 * The right-side "Dashboard Settings" sheet (seed sections 2, 3 and 5). Changes apply as they
 * are made; "Save Settings" and the overlay only close the panel.
 */
export function DashboardSettingsPanel({
  open,
  onOpenChange,
  settings,
  onChange,
  onLogoChange,
  canEdit,
  learnedPaceFor,
}: DashboardSettingsPanelProps) {
  // Edits derive from the newest settings, including ones not yet rendered back to us, so two
  // quick edits (typing, then blur) never undo each other.
  const latest = useRef(settings);
  useLayoutEffect(() => {
    latest.current = settings;
  }, [settings]);
  const update = useCallback<SettingsUpdater>(
    (edit) => {
      if (!canEdit) return;
      const next = edit(latest.current);
      latest.current = next;
      onChange(next);
    },
    [canEdit, onChange],
  );

  const disabled = !canEdit;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="flex w-full flex-col gap-0 p-0 sm:max-w-lg"
        data-testid="dashboard-settings-panel"
      >
        <SheetHeader className="border-b px-6 py-5 pr-12">
          <SheetTitle>Dashboard Settings</SheetTitle>
          <SheetDescription>
            {canEdit
              ? 'Changes apply to this board right away.'
              : 'Settings for this board, as your administrator configured them.'}
          </SheetDescription>
        </SheetHeader>

        <div className="flex-1 space-y-4 overflow-y-auto px-4 py-5 sm:px-6">
          {canEdit ? null : (
            <div
              role="status"
              className="flex items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-900 dark:text-amber-200"
            >
              <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <p>{READ_ONLY_MESSAGE}</p>
            </div>
          )}
          <CapacityWeatherSection
            settings={settings}
            update={update}
            disabled={disabled}
            learnedPaceFor={open ? learnedPaceFor : undefined}
          />
          <ScheduleSection settings={settings} update={update} disabled={disabled} />
          <AppearanceSection
            settings={settings}
            update={update}
            disabled={disabled}
            onLogoChange={onLogoChange}
          />
        </div>

        <div className="border-t bg-background px-4 py-4 sm:px-6">
          <Button className="w-full" onClick={() => onOpenChange(false)}>
            {canEdit ? 'Save Settings' : 'Close'}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
