import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { useEffect, type CSSProperties } from 'react';
import { loadFontFamily } from '@/lib/load-font-family';

/**
 * Applies the board's appearance settings: loads the chosen font, scales the root font size by
 * the chosen size (so rem-based UI and the TV scaling in styles.css both follow it) and returns
 * the style for the board's main area.
 */
export function useBoardAppearance(settings: DashboardSettings): CSSProperties {
  const { fontFamily, fontSize, textColor, mainBgColor } = settings.appearance;

  useEffect(() => {
    void loadFontFamily(fontFamily);
  }, [fontFamily]);

  useEffect(() => {
    const root = document.documentElement;
    const scale = Number.parseFloat(fontSize) / 16;
    root.style.setProperty('--board-font-scale', String(Number.isFinite(scale) ? scale : 1));
    return () => {
      root.style.removeProperty('--board-font-scale');
    };
  }, [fontSize]);

  return {
    fontFamily: `'${fontFamily}', ui-sans-serif, system-ui, sans-serif`,
    color: textColor,
    backgroundColor: mainBgColor,
  };
}
