import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { START_WORDS, STOP_WORDS, twilioErrorWords } from '../../../shared/alerts/sms.js';
import { AppError } from '../../errors.js';
import { contentResponse } from '../../plugins/api-reference.js';
import { documentAccess } from '../../plugins/permissions.js';
import { TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH } from '../../services/sms/sms-channel.js';

/**
 * What Twilio tells us (issue 36, decision 053): status callbacks of the texts it took, and
 * messages people send to our number (STOP, START). Both are form-encoded POSTs signed with
 * `X-Twilio-Signature` over the URL Twilio called (PUBLIC_URL and the path) and the parameters,
 * checked by the SDK's `validateRequest`; anything else is refused (403) and changes nothing.
 * A status is kept by its message SID (`carrier_reports`) and applied to the delivery with that
 * SID; one that comes before the sender recorded the SID is applied when it does. A callback
 * repeated, or arriving after a later one, moves nothing (only a delivery still `sent` moves).
 */
export default async function twilioRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  documentAccess(app, 'twilioSignature');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const formSchema = z
    .record(z.string(), z.string())
    .meta({ description: "Twilio's form parameters, as it sends them." });

  /** The parameters, once the signature over PUBLIC_URL + the path and them is right. */
  function signed(request: FastifyRequest): Record<string, string> {
    const gateway = app.services.sms;
    const params = (request.body ?? {}) as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    const url = `${app.config.publicUrl}${request.url}`;
    if (
      !gateway ||
      typeof signature !== 'string' ||
      !gateway.validSignature(signature, url, params)
    )
      throw new AppError(
        'FORBIDDEN',
        gateway
          ? 'X-Twilio-Signature does not sign this request: refused, nothing was changed.'
          : 'Text messages are not set up here (TWILIO_ACCOUNT_SID): refused, nothing was changed.',
      );
    return params;
  }

  app.post(
    TWILIO_STATUS_PATH,
    {
      schema: {
        operationId: 'receiveTwilioStatus',
        summary: 'Receive a text message status from Twilio',
        description:
          "Twilio's status callback for an alert text (`MessageSid`, `MessageStatus`, `ErrorCode`): `delivered` marks the delivery delivered; `undelivered` or `failed` marks it failed with Twilio's error code in plain words (30003 out of reach, 30007 filtered as spam...). Checked against X-Twilio-Signature (403 otherwise, nothing changed); a repeat changes nothing. Error 21610 marks the number opted out.",
        body: formSchema,
        response: {
          200: z.object({
            received: z.literal(true),
            changed: z
              .boolean()
              .meta({ description: 'Whether a delivery moved (false: a repeat, or not final).' }),
          }),
        },
      },
    },
    async (request) => {
      const params = signed(request);
      const sid = params.MessageSid ?? params.SmsSid ?? '';
      const status = params.MessageStatus ?? params.SmsStatus ?? '';
      const { alertRules, alertRecipients, now } = app.services;
      let changed = false;
      if (sid && status === 'delivered') {
        changed = (await alertRules.carrierReport(sid, { status, at: now() })) !== null;
      } else if (sid && (status === 'undelivered' || status === 'failed')) {
        const words = twilioErrorWords(params.ErrorCode ?? null, params.ErrorMessage);
        const moved = await alertRules.carrierReport(sid, {
          status,
          at: now(),
          errorCode: params.ErrorCode ?? null,
          error: `text message not delivered: ${words}`,
        });
        changed = moved !== null;
        if (params.ErrorCode === '21610' && params.To)
          await alertRecipients.setNumberOptedOut(params.To, true);
      } else if (sid && status === 'sent') {
        // Kept (it moves no delivery): a later report can only be further along.
        await alertRules.carrierReport(sid, { status, at: now() });
      }
      return { received: true as const, changed };
    },
  );

  app.post(
    TWILIO_INBOUND_PATH,
    {
      schema: {
        operationId: 'receiveTwilioMessage',
        summary: 'Receive a text message sent to our number',
        description:
          "Twilio's incoming-message webhook (`From`, `Body`, `OptOutType`): STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) marks the number opted out in every company, and nothing is texted to it again; START (or YES, UNSTOP) opts it back in. Checked against X-Twilio-Signature (403 otherwise, nothing changed). Answered with empty TwiML: Twilio's own opt-out reply is the only one.",
        body: formSchema,
        response: { 200: contentResponse('Empty TwiML (no reply)', 'text/xml') },
      },
    },
    async (request, reply) => {
      const params = signed(request);
      const from = params.From ?? '';
      const word = (params.OptOutType ?? params.Body ?? '').trim().toUpperCase();
      if (from && STOP_WORDS.includes(word))
        await app.services.alertRecipients.setNumberOptedOut(from, true);
      else if (from && START_WORDS.includes(word))
        await app.services.alertRecipients.setNumberOptedOut(from, false);
      return reply
        .type('text/xml; charset=utf-8')
        .send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );
}
