/** Browser local-storage keys of the board (seed section 3: dashboard settings and flags). */
export const DASHBOARD_SETTINGS_KEY = 'dashboardSettings';
export const THEME_KEY = 'theme';
/** "true"/"false"; absent means locked (seed: dashboard lock defaults to locked). */
export const LOCK_KEY = 'dashboardLocked';
/** "true" once the live-preview welcome banner has been dismissed. */
export const WELCOME_SEEN_KEY = 'livePreviewWelcomeSeen';
