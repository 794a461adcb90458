import { z } from 'zod';
import { companyIdQuery } from '../../api/path-params.js';

/**
 * Jobber's connection (issue 38, decision 057):
 *   GET    /api/providers/jobber/connect[?companyId=]     -> 302 to Jobber's authorize page
 *   GET    /api/providers/jobber/callback?code=&state=    -> 302 back to Setup (or Admin)
 *   DELETE /api/providers/jobber/connection[?companyId=]  -> JobberDisconnectResult
 *   GET    /api/providers/jobber/connection[?companyId=]  -> JobberConnectionStatus
 *   POST   /api/providers/jobber/webhooks                 -> { received, duplicate }
 */

export const jobberCompanyQuerySchema = z.object({ companyId: companyIdQuery });

/**
 * What Jobber sends back to the callback: `code` and `state` on approval; nothing at all when
 * the owner chose Cancel (Jobber's documented behaviour).
 */
export const jobberCallbackQuerySchema = z.object({
  code: z
    .string()
    .max(2000)
    .optional()
    .meta({
      description: 'The authorization code Jobber gives on approval.',
      examples: ['b1f...'],
    }),
  state: z
    .string()
    .max(200)
    .optional()
    .meta({
      description: 'The value the connect step sent, bound to the admin and the company.',
      examples: ['Zq3...'],
    }),
});

/** Where the callback sends the admin back, and what it says there (`?jobber=`). */
export const JOBBER_RESULTS = ['connected', 'denied', 'expired', 'failed'] as const;
export type JobberResult = (typeof JOBBER_RESULTS)[number];

export const jobberConnectionStatusSchema = z.object({
  /** Whether this server can connect Jobber at all (JOBBER_CLIENT_ID set, or the stand-in). */
  available: z.boolean(),
  connected: z.boolean(),
  /** The Jobber account's name, while connected or after it was disconnected. */
  accountName: z.string().nullable(),
  /** Set when Jobber ended the connection (a refused refresh, or Disconnect in Jobber). */
  disconnectedAt: z.string().nullable(),
  /** A sentence for the page: what to do. Null while connected. */
  message: z.string().nullable(),
});
export type JobberConnectionStatus = z.infer<typeof jobberConnectionStatusSchema>;

export const jobberDisconnectResultSchema = z.object({
  disconnected: z.literal(true),
  /** Whether Jobber confirmed `appDisconnect` (false: Jobber was not reached; tokens forgotten anyway). */
  jobberConfirmed: z.boolean(),
});

/** Jobber's webhook body (JSON for apps made after 11 April 2022). */
export const jobberWebhookSchema = z.object({
  data: z.object({
    webHookEvent: z.object({
      topic: z.string().min(1).max(100),
      appId: z.string().max(200).optional(),
      accountId: z.string().min(1).max(200),
      itemId: z.string().max(200).optional(),
      occurredAt: z.string().max(100).optional(),
      /** Apps made before 8 December 2023 get it spelled so. */
      occuredAt: z.string().max(100).optional(),
    }),
  }),
});

export const jobberWebhookAnswerSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});
