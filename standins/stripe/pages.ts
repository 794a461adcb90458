/** The stand-in's hosted pages: Checkout and the customer portal, plain HTML forms. */

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
  body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f9fc;color:#1a1f36}
  main{max-width:960px;margin:0 auto;padding:32px 20px;display:grid;gap:32px;grid-template-columns:repeat(auto-fit,minmax(300px,1fr))}
  .card{background:#fff;border-radius:8px;box-shadow:0 2px 6px rgba(0,0,0,.08);padding:24px}
  h1{font-size:20px;margin:0 0 8px} .price{font-size:36px;font-weight:700} .muted{color:#697386;font-size:14px}
  label{display:block;font-size:14px;margin:12px 0 4px} input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #cfd7df;border-radius:6px;font-size:16px}
  button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
  button.secondary{background:#fff;color:#1a1f36;border:1px solid #cfd7df} button.danger{background:#df1b41}
  .banner{background:#fff8e1;border-bottom:1px solid #f5d77a;padding:8px 20px;font-size:13px;text-align:center}
  .error{color:#df1b41;font-size:14px} .status{display:inline-block;padding:2px 8px;border-radius:10px;background:#e3e8ee;font-size:13px}
  a{color:#635bff}
</style></head>
<body><div class="banner">Stripe stand-in (test mode): no real card is charged.</div>${body}</body></html>`;
}

export function checkoutPage(view: {
  sessionId: string;
  productName: string;
  unitAmount: number;
  interval: string;
  email: string;
  cancelUrl: string;
  error?: string;
}): string {
  return layout(
    `Subscribe to ${view.productName}`,
    `<main>
  <section class="card">
    <a href="${escape(view.cancelUrl)}">&larr; Back</a>
    <p class="muted">Subscribe to ${escape(view.productName)}</p>
    <div class="price">${dollars(view.unitAmount)}</div>
    <p class="muted">per ${escape(view.interval)}</p>
  </section>
  <section class="card">
    <h1>Pay with card</h1>
    <form method="post" action="/checkout/${escape(view.sessionId)}/pay">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" value="${escape(view.email)}" required>
      <label for="card">Card number</label>
      <input id="card" name="card" inputmode="numeric" value="4242 4242 4242 4242" required>
      <label for="expiry">Expiration</label>
      <input id="expiry" name="expiry" value="12 / 34" required>
      <label for="cvc">CVC</label>
      <input id="cvc" name="cvc" value="123" required>
      <label for="name">Cardholder name</label>
      <input id="name" name="name" value="" autocomplete="cc-name">
      ${view.error ? `<p class="error" role="alert">${escape(view.error)}</p>` : ''}
      <button type="submit">Subscribe</button>
      <p class="muted">Card 4000 0000 0000 0002 is declined.</p>
    </form>
  </section>
</main>`,
  );
}

export function portalPage(view: {
  portalSessionId: string;
  productName: string;
  returnUrl: string;
  subscriptions: {
    id: string;
    status: string;
    unitAmount: number;
    interval: string;
    currentPeriodEnd: number;
    cancelAtPeriodEnd: boolean;
  }[];
}): string {
  const plans = view.subscriptions.length
    ? view.subscriptions
        .map((s) => {
          const action = `/portal/${escape(view.portalSessionId)}/subscriptions/${escape(s.id)}`;
          const live = s.status !== 'canceled' && s.status !== 'incomplete_expired';
          const when = live
            ? s.cancelAtPeriodEnd
              ? `Your plan will be canceled on ${day(s.currentPeriodEnd)}.`
              : `Your plan renews on ${day(s.currentPeriodEnd)}.`
            : 'This plan was canceled.';
          const buttons = !live
            ? ''
            : s.cancelAtPeriodEnd
              ? `<form method="post" action="${action}/renew"><button type="submit">Renew plan</button></form>`
              : `<form method="post" action="${action}/cancel"><input type="hidden" name="when" value="period_end"><button type="submit" class="secondary">Cancel plan at period end</button></form>
                 <form method="post" action="${action}/cancel"><input type="hidden" name="when" value="now"><button type="submit" class="danger">Cancel plan now</button></form>`;
          return `<div class="card" data-subscription="${escape(s.id)}">
  <h1>${escape(view.productName)} <span class="status">${escape(s.status)}</span></h1>
  <p>${dollars(s.unitAmount)} per ${escape(s.interval)}</p>
  <p class="muted">${when}</p>
  ${buttons}
</div>`;
        })
        .join('\n')
    : '<div class="card"><p>No subscriptions.</p></div>';
  return layout(
    'Billing portal',
    `<main>
  <section>
    <a href="${escape(view.returnUrl)}">&larr; Return to ${escape(view.productName)}</a>
    <h1 style="margin-top:16px">Current plan</h1>
  </section>
  <section>${plans}</section>
</main>`,
  );
}

export function notFoundPage(what: string): string {
  return layout(
    'Not found',
    `<main><section class="card"><h1>${escape(what)}</h1></section></main>`,
  );
}
