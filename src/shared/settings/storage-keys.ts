/** Browser local-storage keys of the board (seed section 3: dashboard settings and flags). */
export const DASHBOARD_SETTINGS_KEY = 'dashboardSettings';
export const THEME_KEY = 'theme';
/** "true"/"false"; absent means locked (seed: dashboard lock defaults to locked). */
export const LOCK_KEY = 'dashboardLocked';
/** "true" once the live-preview welcome banner has been dismissed. */
export const WELCOME_SEEN_KEY = 'livePreviewWelcomeSeen';
/**
 * A signed-in person's own view type (businessUnit | jobType; decision 007: it stays personal).
 * The company's settings live on the server; `dashboardSettings` is the Live Preview's alone.
 */
export const VIEW_TYPE_KEY = 'boardViewType';
/** A field the Live Preview adds to what it stores under `dashboardSettings` (see decision 009). */
export const PREVIEW_MARK = 'livePreview';
/**
 * The date format this browser cycled to by clicking a day's date (decision 25: that screen
 * only), with the company format it was cycled from.
 */
export const LOCAL_DATE_FORMAT_KEY = 'boardDateFormat';
