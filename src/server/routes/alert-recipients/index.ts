import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertRecipientListSchema,
  alertRecipientParamsSchema,
  boardQuerySchema,
  confirmRecipientSchema,
} from '../../../shared/api/alerts.js';
import { can } from '../../../shared/permissions.js';
import { fieldError, notFound } from '../../errors.js';
import { contentResponse } from '../../plugins/api-reference.js';
import {
  currentActor,
  documentAccess,
  personBoardFor,
  requireUser,
} from '../../plugins/permissions.js';
import type { RecipientKey } from '../../services/alerts/recipients.js';

/**
 * Who alerts may reach (decision 30, issue 36, decision 046): the recipients a board's rules (or
 * a company's) name, with where each stands; a number confirmed by the code it was sent; and the
 * page an e-mail address confirms on (or says no).
 */
export default async function alertRecipientRoutes(root: FastifyInstance): Promise<void> {
  await root.register(recipientApi);
  await root.register(confirmationPage);
}

async function recipientApi(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  documentAccess(app, 'alerts.view');
  const recipients = app.services.alertRecipients;

  app.get(
    '/api/alert-recipients',
    {
      schema: {
        operationId: 'listAlertRecipients',
        summary: 'List who alerts may reach',
        description:
          "Every e-mail address, phone number and member the rules of a board name (`boardId`), or of the whole company without it, each `pending` (sent its one confirmation message, nothing else), `confirmed` (by its link or code, or a member's own) or `opted_out` (said no, or replied STOP).",
        querystring: boardQuerySchema,
        response: { 200: alertRecipientListSchema },
      },
    },
    async (request) => {
      const board = await personBoardFor(app, request, request.query, 'alerts.view');
      let keys: RecipientKey[];
      if (request.query.boardId === undefined) {
        keys = await recipients.keysOfCompany(board.companyId);
      } else {
        const rules = await app.services.alertRules.list(board.id);
        keys = (
          await Promise.all(rules.map((rule) => app.services.alerts.recipientKeys(rule)))
        ).flat();
      }
      return { recipients: await recipients.view(board.companyId, keys) };
    },
  );

  app.post(
    '/api/alert-recipients/:id/confirm',
    {
      schema: {
        operationId: 'confirmAlertRecipient',
        summary: 'Confirm a phone number by its code',
        description:
          'The 6-digit code texted to a number, as its owner read it out: the number is then sent alerts. A wrong code is a 400 naming `code`; after 5 wrong codes the number must be added again.',
        params: alertRecipientParamsSchema,
        body: confirmRecipientSchema,
        response: { 200: alertRecipientListSchema },
      },
    },
    async (request) => {
      const row = await recipients.byId(request.params.id);
      if (!row || !can(currentActor(request), 'alerts.view', { companyId: row.companyId }))
        throw notFound('Alert recipient');
      const result = await recipients.confirmCode(row, request.body.code);
      if (!result.ok) throw fieldError('BAD_REQUEST', 'code', `code: ${result.message}`);
      return { recipients: await recipients.view(row.companyId, [row]) };
    },
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page of its own: the person following the link is not signed in. */
function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    `<style>body{font:18px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111}` +
    `h1{font-size:1.5rem}button{font:inherit;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;border-radius:.4rem;border:1px solid #555;background:#fff;cursor:pointer}` +
    `button.yes{background:#1d4ed8;color:#fff;border-color:#1d4ed8}@media(prefers-color-scheme:dark){body{background:#111;color:#eee}button{background:#222;color:#eee}}</style>` +
    `</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
  );
}

const tokenParams = z.object({
  token: z.string().max(200).meta({ description: 'The secret part of the link in the e-mail.' }),
});

/**
 * `/alerts/confirm/:token`, the link of the one confirmation e-mail (and the stop link of every
 * alert e-mail after it). Opening it changes nothing (mail scanners open links): the page asks,
 * and the person's button posts the answer.
 */
async function confirmationPage(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  documentAccess(app, 'public');
  const recipients = app.services.alertRecipients;
  // The page's form posts `answer=yes|no`, form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const notFoundPage = page(
    'This link is not valid',
    '<p>It may have been copied only in part. Nothing was changed.</p>',
  );

  app.get(
    '/alerts/confirm/:token',
    {
      schema: {
        operationId: 'openAlertConfirmation',
        summary: 'Open an alert confirmation link',
        description:
          "The page an e-mail address is asked on whether it wants a company's alerts, with a button to confirm and one to say no. Opening it changes nothing.",
        params: tokenParams,
        response: {
          200: contentResponse('The page asking', 'text/html'),
          404: contentResponse('The link is not valid', 'text/html'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      reply.type('text/html; charset=utf-8');
      const found = await recipients.byToken(request.params.token);
      if (!found) return reply.status(404).send(notFoundPage);
      const { row, companyName } = found;
      const company = escapeHtml(companyName);
      const now =
        row.status === 'confirmed'
          ? `<p>You receive them now.</p>`
          : row.status === 'opted_out'
            ? `<p>You said no: nothing is sent to you.</p>`
            : '';
      return reply.send(
        page(
          `Alerts from ${companyName}`,
          `<p>${company} wants to send call board alerts to <strong>${escapeHtml(row.address)}</strong>: an e-mail when a day on its board is behind, full, or showing stale numbers.</p>${now}` +
            `<form method="post"><button class="yes" name="answer" value="yes">Yes, send me these alerts</button>` +
            `<button name="answer" value="no">No, stop</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/alerts/confirm/:token',
    {
      schema: {
        operationId: 'answerAlertConfirmation',
        summary: 'Answer an alert confirmation',
        description:
          "The confirmation page's buttons: `answer=yes` confirms the address (alerts are sent to it from now on), `answer=no` opts it out (nothing is sent).",
        params: tokenParams,
        body: z.object({
          answer: z.enum(['yes', 'no']).meta({ description: 'yes: send me alerts; no: stop' }),
        }),
        response: {
          200: contentResponse('The answer recorded', 'text/html'),
          404: contentResponse('The link is not valid', 'text/html'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      reply.type('text/html; charset=utf-8');
      const found = await recipients.byToken(request.params.token);
      if (!found) return reply.status(404).send(notFoundPage);
      const yes = request.body.answer === 'yes';
      await recipients.answer(found.row.id, yes);
      const company = escapeHtml(found.companyName);
      return reply.send(
        yes
          ? page(
              'Confirmed',
              `<p>${company}'s alerts will come to <strong>${escapeHtml(found.row.address)}</strong>. Every one of them has a link to stop them.</p>`,
            )
          : page(
              'Stopped',
              `<p>Nothing more will be sent to <strong>${escapeHtml(found.row.address)}</strong> from ${company}'s alerts.</p>`,
            ),
      );
    },
  );
}
