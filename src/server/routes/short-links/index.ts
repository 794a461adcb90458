import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentResponse } from '../../plugins/api-reference.js';
import { documentAccess } from '../../plugins/permissions.js';

/**
 * A board's short link (decision 053): a text message has 160 characters, so its link is
 * `PUBLIC_URL/b/<code>`, the board's id in base 36. It only redirects: the board itself asks
 * for sign-in, and says so when the board is not one the person may see.
 */
export default async function shortLinkRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  documentAccess(app, 'public');
  app.get(
    '/b/:ref',
    {
      schema: {
        operationId: 'openBoardShortLink',
        summary: "Open a board's short link",
        description:
          "The link an alert's text message carries: redirects (302) to the board it names (`/boards/:id`), which asks for sign-in as always.",
        params: z.object({
          // Not a secret (the board still asks for sign-in), so not named like one: the request
          // log keeps it.
          ref: z
            .string()
            .regex(/^[0-9a-z]{1,8}$/, 'must be a short link code (letters and digits)')
            .meta({ description: "The board's id in base 36", example: '3k' }),
        }),
        response: { 302: contentResponse('To the board', 'text/plain') },
      },
    },
    async (request, reply) => {
      const id = Number.parseInt(request.params.ref, 36);
      return reply.header('cache-control', 'no-store').redirect(`/boards/${id}`, 302);
    },
  );
}
