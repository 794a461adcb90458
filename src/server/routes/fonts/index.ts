import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fontListResponseSchema, type FontEntry } from '../../../shared/api/fonts.js';
import { SELF_HOSTED_FONTS } from '../../../shared/fonts/self-hosted-fonts.js';

const FONT_LIST: FontEntry[] = SELF_HOSTED_FONTS.map((font) => ({
  family: font.family,
  variants: [...font.variants],
  subsets: [...font.subsets],
  category: font.category,
  id: font.id,
}));

/**
 * The font families a board can use: the 10 self-hosted ones (product decision 7). Public, as
 * the live preview's settings panel lists them too; the list only changes with a deploy.
 */
export default async function fontRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/fonts',
    {
      schema: {
        operationId: 'listFonts',
        summary: 'List the font families a board can use',
        description:
          "The font families a board's title and numbers can use, each served from this site.",
        'x-access': 'public',
        response: { 200: fontListResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return FONT_LIST;
    },
  );
}
