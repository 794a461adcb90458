/**
 * Who may call Housecall Pro's webhook route, in the API reference's words: Housecall Pro itself,
 * by the signature it sends (plugins/permissions.ts ACCESS_RULES, plugins/api-reference.ts).
 */
export const housecallProAccess = {
  rules: {
    housecallproSignature: {
      callers: ['housecallpro'],
      security: [{ housecallproSignature: [] }],
      description:
        "Housecall Pro only: a valid `Api-Signature` of `Api-Timestamp` + '.' + the exact body, at most five minutes old, with the company's signing secret.",
    },
  },
  securitySchemes: {
    housecallproSignature: {
      type: 'apiKey',
      in: 'header',
      name: 'api-signature',
      description:
        "Housecall Pro's HMAC-SHA256 of `Api-Timestamp` + '.' + the exact body, with the company's webhook signing secret.",
    },
  },
} as const;
