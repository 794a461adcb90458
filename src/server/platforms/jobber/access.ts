/**
 * Who may call Jobber's webhook route, in the API reference's words: Jobber itself, by the
 * signature it sends (plugins/permissions.ts ACCESS_RULES, plugins/api-reference.ts).
 */
export const jobberAccess = {
  rules: {
    jobberSignature: {
      callers: ['jobber'],
      security: [{ jobberSignature: [] }],
      description:
        "Jobber only: a valid `X-Jobber-Hmac-SHA256`, the Base64 HMAC-SHA256 of the exact body keyed with the app's client secret.",
    },
  },
  securitySchemes: {
    jobberSignature: {
      type: 'apiKey',
      in: 'header',
      name: 'x-jobber-hmac-sha256',
      description:
        "Jobber's Base64 HMAC-SHA256 of the exact body, keyed with the app's client secret.",
    },
  },
} as const;
