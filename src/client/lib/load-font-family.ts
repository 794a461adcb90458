/**
 * The 10 board fonts are self-hosted through Fontsource, so choosing one makes no third-party
 * request. Each loader is a static `import()` so Vite can split every weight into its own chunk
 * and fetch it only when that family is chosen. Lato ships no 600 weight; the browser
 * synthesises it from the nearest one.
 */
const FONT_LOADERS: Record<string, () => Promise<unknown>> = {
  'Nunito Sans': () =>
    Promise.all([
      import('@fontsource/nunito-sans/400.css'),
      import('@fontsource/nunito-sans/600.css'),
      import('@fontsource/nunito-sans/700.css'),
    ]),
  Roboto: () =>
    Promise.all([
      import('@fontsource/roboto/400.css'),
      import('@fontsource/roboto/600.css'),
      import('@fontsource/roboto/700.css'),
    ]),
  'Open Sans': () =>
    Promise.all([
      import('@fontsource/open-sans/400.css'),
      import('@fontsource/open-sans/600.css'),
      import('@fontsource/open-sans/700.css'),
    ]),
  Lato: () => Promise.all([import('@fontsource/lato/400.css'), import('@fontsource/lato/700.css')]),
  Montserrat: () =>
    Promise.all([
      import('@fontsource/montserrat/400.css'),
      import('@fontsource/montserrat/600.css'),
      import('@fontsource/montserrat/700.css'),
    ]),
  Poppins: () =>
    Promise.all([
      import('@fontsource/poppins/400.css'),
      import('@fontsource/poppins/600.css'),
      import('@fontsource/poppins/700.css'),
    ]),
  Inter: () =>
    Promise.all([
      import('@fontsource/inter/400.css'),
      import('@fontsource/inter/600.css'),
      import('@fontsource/inter/700.css'),
    ]),
  Raleway: () =>
    Promise.all([
      import('@fontsource/raleway/400.css'),
      import('@fontsource/raleway/600.css'),
      import('@fontsource/raleway/700.css'),
    ]),
  'Playfair Display': () =>
    Promise.all([
      import('@fontsource/playfair-display/400.css'),
      import('@fontsource/playfair-display/600.css'),
      import('@fontsource/playfair-display/700.css'),
    ]),
  Merriweather: () =>
    Promise.all([
      import('@fontsource/merriweather/400.css'),
      import('@fontsource/merriweather/600.css'),
      import('@fontsource/merriweather/700.css'),
    ]),
};

const loading = new Map<string, Promise<boolean>>();

/** Families whose stylesheets ship with the app. */
export const SELF_HOSTED_FONT_FAMILIES: readonly string[] = Object.keys(FONT_LOADERS);

/**
 * Loads a family's 400/600/700 stylesheets once. Resolves false for a family that is not
 * self-hosted (the browser then falls back to the CSS font stack) or whose chunk failed.
 */
export function loadFontFamily(family: string): Promise<boolean> {
  const cached = loading.get(family);
  if (cached) return cached;
  const loader = FONT_LOADERS[family];
  if (!loader) return Promise.resolve(false);
  const pending = loader().then(
    () => true,
    (error: unknown) => {
      // A failed chunk (e.g. after a redeploy) may succeed later; let the next call retry.
      loading.delete(family);
      console.error(`Failed to load font ${family}`, error);
      return false;
    },
  );
  loading.set(family, pending);
  return pending;
}
