/** The stand-in's consent page: what an account owner sees when an app asks to connect. */

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function consentPage(view: {
  accountName: string;
  userName: string;
  email: string;
  clientId: string;
  redirectUri: string;
  state: string;
}): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escape(value)}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Connect 3-Day Call Board to Jobber</title>
<style>
  body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f5f4;color:#032b3a}
  .banner{background:#fff8e1;border-bottom:1px solid #f5d77a;padding:8px 20px;font-size:13px;text-align:center}
  main{max-width:460px;margin:48px auto;padding:0 20px}
  .card{background:#fff;border-radius:10px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:28px}
  .brand{font-weight:800;font-size:22px;color:#7db00e;letter-spacing:-.5px;margin-bottom:16px}
  h1{font-size:20px;margin:0 0 12px} p{line-height:1.5} .muted{color:#5c6f78;font-size:14px}
  ul{padding-left:20px;line-height:1.7}
  .actions{display:flex;gap:12px;margin-top:24px}
  button{flex:1;padding:12px;border-radius:6px;font-size:16px;font-weight:600;cursor:pointer}
  .allow{background:#7db00e;border:0;color:#fff} .deny{background:#fff;border:1px solid #c7d0d4;color:#032b3a}
</style></head>
<body><div class="banner">Jobber stand-in: the sample account, no real Jobber data.</div>
<main><div class="card">
  <div class="brand">Jobber</div>
  <h1>Allow 3-Day Call Board to access ${escape(view.accountName)}?</h1>
  <p class="muted">Signed in as ${escape(view.userName)} (${escape(view.email)}), account owner.</p>
  <p>3-Day Call Board will be able to:</p>
  <ul><li>Read jobs and visits</li><li>Read users (your team)</li><li>Read products &amp; services</li></ul>
  <form method="post" action="/api/oauth/authorize">
    ${hidden('client_id', view.clientId)}${hidden('redirect_uri', view.redirectUri)}${hidden('state', view.state)}
    <div class="actions">
      <button class="deny" name="decision" value="deny">Cancel</button>
      <button class="allow" name="decision" value="allow">Allow access</button>
    </div>
  </form>
</div></main></body></html>`;
}
