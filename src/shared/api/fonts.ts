import { z } from 'zod';

/** GET /api/fonts (public): the font families a board can choose (seed: Font entry). */
export const fontEntrySchema = z.object({
  family: z.string(),
  variants: z.array(z.string()),
  subsets: z.array(z.string()),
  category: z.string(),
  /** The @fontsource package id the client loads the family from. */
  id: z.string(),
});
export type FontEntry = z.infer<typeof fontEntrySchema>;

export const fontListResponseSchema = z.array(fontEntrySchema);
export type FontListResponse = z.infer<typeof fontListResponseSchema>;
