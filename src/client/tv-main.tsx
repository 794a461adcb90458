import '@fontsource/nunito-sans/latin-400.css';
import '@fontsource/nunito-sans/latin-600.css';
import '@fontsource/nunito-sans/latin-700.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { prefetchScreen } from './features/screens/api/prefetch-screen';
import { TvPage } from './features/screens/components/tv-page';
import { applyTheme, themeStore } from './hooks/use-theme';

/**
 * The entry of `/tv` (its own page, tv.html): a screen on a cheap streaming stick loads only
 * what it shows (issue 25). No router, no sign-in, no person's pages; the board's code is named
 * in the page itself, so it downloads alongside this file instead of after it; the toast UI
 * loads only if a toast is raised.
 */
applyTheme(themeStore.get());
// The screen's status, then its board's settings and numbers, are asked for before React renders.
prefetchScreen();

const root = document.getElementById('root');
if (!root) throw new Error('tv.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppProvider toasterPreload={false}>
      <TvPage />
    </AppProvider>
  </StrictMode>,
);
