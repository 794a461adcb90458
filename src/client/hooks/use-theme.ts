import { THEME_KEY } from '@shared/settings/storage-keys';
import { useEffect } from 'react';
import { createStoredValue } from '@/lib/create-stored-value';

export type Theme = 'light' | 'dark';

/** Dark unless the browser stored "light" (seed: default theme dark). */
export const themeStore = createStoredValue<Theme>({
  key: THEME_KEY,
  parse: (raw) => (raw === 'light' ? 'light' : 'dark'),
  serialize: (value) => value,
});

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function useTheme() {
  const theme = themeStore.use();
  useEffect(() => applyTheme(theme), [theme]);
  return {
    theme,
    toggleTheme: () => themeStore.set((t) => (t === 'dark' ? 'light' : 'dark')),
  };
}
