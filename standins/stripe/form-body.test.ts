import { describe, expect, it } from 'vitest';
import { decodeStripeForm } from './form-body.js';

describe("the stand-in's form decoding", () => {
  it('turns bracketed keys into objects and numbered keys into arrays, as Stripe does', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&' +
      'metadata[companyId]=7&success_url=http%3A%2F%2Fx%2F%3Fa%3D1%26b%3D%7BCHECKOUT_SESSION_ID%7D';
    expect(decodeStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { companyId: '7' },
      success_url: 'http://x/?a=1&b={CHECKOUT_SESSION_ID}',
    });
  });
});
