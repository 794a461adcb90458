/**
 * The 10 font families served from the app itself through the @fontsource packages (product
 * decision 7), so the default board makes no third-party request. `variants` are the weights
 * the board loads (the seed loads 400, 600 and 700; Lato ships no 600). A test checks this
 * table against each installed package's metadata.
 */

export interface SelfHostedFont {
  family: string;
  /** The @fontsource package id: `@fontsource/<id>/<weight>.css`. */
  id: string;
  category: 'sans-serif' | 'serif';
  variants: string[];
  subsets: string[];
}

export const BOARD_FONT_WEIGHTS = ['400', '600', '700'] as const;

export const SELF_HOSTED_FONTS: readonly SelfHostedFont[] = [
  {
    family: 'Nunito Sans',
    id: 'nunito-sans',
    category: 'sans-serif',
    variants: ['400', '600', '700'],
    subsets: ['cyrillic', 'cyrillic-ext', 'latin', 'latin-ext', 'vietnamese'],
  },
  {
    family: 'Roboto',
    id: 'roboto',
    category: 'sans-serif',
    variants: ['400', '600', '700'],
    subsets: [
      'cyrillic',
      'cyrillic-ext',
      'greek',
      'greek-ext',
      'latin',
      'latin-ext',
      'math',
      'symbols',
      'vietnamese',
    ],
  },
  {
    family: 'Open Sans',
    id: 'open-sans',
    category: 'sans-serif',
    variants: ['400', '600', '700'],
    subsets: [
      'cyrillic',
      'cyrillic-ext',
      'greek',
      'greek-ext',
      'hebrew',
      'latin',
      'latin-ext',
      'math',
      'symbols',
      'vietnamese',
    ],
  },
  {
    family: 'Lato',
    id: 'lato',
    category: 'sans-serif',
    variants: ['400', '700'],
    subsets: ['latin', 'latin-ext'],
  },
  {
    family: 'Montserrat',
    id: 'montserrat',
    category: 'sans-serif',
    variants: ['400', '600', '700'],
    subsets: ['cyrillic', 'cyrillic-ext', 'latin', 'latin-ext', 'vietnamese'],
  },
  {
    family: 'Poppins',
    id: 'poppins',
    category: 'sans-serif',
    variants: ['400', '600', '700'],
    subsets: ['devanagari', 'latin', 'latin-ext'],
  },
  {
    family: 'Inter',
    id: 'inter',
    category: 'sans-serif',
    variants: ['400', '600', '700'],
    subsets: ['cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'latin', 'latin-ext', 'vietnamese'],
  },
  {
    family: 'Raleway',
    id: 'raleway',
    category: 'sans-serif',
    variants: ['400', '600', '700'],
    subsets: ['cyrillic', 'cyrillic-ext', 'latin', 'latin-ext', 'vietnamese'],
  },
  {
    family: 'Playfair Display',
    id: 'playfair-display',
    category: 'serif',
    variants: ['400', '600', '700'],
    subsets: ['cyrillic', 'latin', 'latin-ext', 'vietnamese'],
  },
  {
    family: 'Merriweather',
    id: 'merriweather',
    category: 'serif',
    variants: ['400', '600', '700'],
    subsets: ['cyrillic', 'cyrillic-ext', 'latin', 'latin-ext', 'vietnamese'],
  },
];

/** The CSS `font-family` value for a family, with a generic fallback of its category. */
export function fontStack(family: string): string {
  const known = SELF_HOSTED_FONTS.find((f) => f.family === family);
  const generic = known?.category ?? 'sans-serif';
  return `"${family.replace(/["\\]/g, '')}", ${generic}`;
}
