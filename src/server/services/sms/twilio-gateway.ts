import twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient.js';
import type { TwilioConfig } from '../../config.js';

/**
 * Text messages go through the official `twilio` SDK (issue 36, decision 053), behind this small
 * interface so tests point it at the stand-in (standins/twilio) or replace it.
 */
export interface SmsGateway {
  /** Sends one text; its status callbacks will come to `statusCallback`. */
  send(input: { to: string; body: string; statusCallback: string | null }): Promise<SmsSendResult>;
  /** Whether `X-Twilio-Signature` signs this URL and these form parameters (the SDK's check). */
  validSignature(signature: string, url: string, params: Record<string, string>): boolean;
}

export type SmsSendResult =
  | { ok: true; sid: string; status: string }
  | {
      ok: false;
      /** Twilio's error code (21211, 21610...), null when Twilio was not reached. */
      code: number | null;
      /** The HTTP status Twilio answered, null when none came. */
      httpStatus: number | null;
      message: string;
    };

/** How long a send may take before it counts as failed (and is tried again). */
export const TWILIO_TIMEOUT_MS = 15_000;

const TWILIO_API = 'https://api.twilio.com';

/**
 * The SDK's own HTTP client, with one change: requests for api.twilio.com go to `apiUrl`
 * instead (TWILIO_API_URL: the stand-in). This is the SDK's documented way to change how it
 * makes requests (a custom `httpClient`, twilio-node's advanced-examples/custom-http-client.md).
 */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(
    private readonly apiUrl: string,
    options: ConstructorParameters<typeof twilio.RequestClient>[0],
  ) {
    super(options);
  }

  override request<T>(opts: TwilioRequestClient.RequestOptions<T>) {
    const uri = opts.uri.startsWith(TWILIO_API)
      ? `${this.apiUrl}${opts.uri.slice(TWILIO_API.length)}`
      : opts.uri;
    return super.request<T>({ ...opts, uri });
  }
}

export function createTwilioGateway(config: TwilioConfig): SmsGateway {
  const clientOptions = { timeout: TWILIO_TIMEOUT_MS, autoRetry: true, maxRetries: 2 };
  const client = twilio(config.accountSid, config.authToken, {
    ...clientOptions,
    ...(config.apiUrl && config.apiUrl !== TWILIO_API
      ? { httpClient: new RedirectingRequestClient(config.apiUrl, clientOptions) }
      : {}),
  });
  return {
    async send({ to, body, statusCallback }) {
      try {
        const message = await client.messages.create({
          to,
          body,
          ...(config.messagingServiceSid
            ? { messagingServiceSid: config.messagingServiceSid }
            : { from: config.from! }),
          ...(statusCallback ? { statusCallback } : {}),
        });
        return { ok: true, sid: message.sid, status: message.status };
      } catch (error) {
        const rest = error as { code?: unknown; status?: unknown; message?: unknown };
        const code = typeof rest.code === 'number' ? rest.code : null;
        const httpStatus = typeof rest.status === 'number' ? rest.status : null;
        const message = typeof rest.message === 'string' ? rest.message : 'it could not be sent';
        return { ok: false, code, httpStatus, message };
      }
    },
    validSignature(signature, url, params) {
      return twilio.validateRequest(config.authToken, signature, url, params);
    },
  };
}
