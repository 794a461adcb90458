import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A mail catcher for the embedded default and tests (issue 23): a real SMTP server on a free
 * loopback port (the `smtp-server` package) that keeps the last messages (parsed by
 * `mailparser`) and shows them on a small page, so a new user sees an alert e-mail arrive with
 * no mail account anywhere. Nothing is relayed. `/messages.json` lists them for tests.
 */

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The `Message-ID` header as sent. */
  messageId: string | null;
  receivedAt: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> (what SMTP_URL would say). */
  smtpUrl: string;
  /** The page listing the caught messages. */
  pageUrl: string;
  /** Newest last. */
  messages(): CaughtMail[];
  clear(): void;
  close(): Promise<void>;
}

export const KEPT_MESSAGES = 50;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startMailCatcher(
  options: { host?: string; smtpPort?: number; pagePort?: number } = {},
): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const kept: CaughtMail[] = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, no account to sign in with.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    banner: '3-Day Call Board mail catcher',
    size: 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          kept.push({
            id: nextId++,
            from: mail.from?.text ?? String(session.envelope.mailFrom || ''),
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : null,
            messageId: mail.messageId ?? null,
            receivedAt: new Date().toISOString(),
          });
          while (kept.length > KEPT_MESSAGES) kept.shift();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => resolve());
  });
  smtp.on('error', () => undefined);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const page = http.createServer((req, res) => {
    if (req.url === '/messages.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: kept }));
      return;
    }
    if (req.url !== '/') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const rows = [...kept]
      .reverse()
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to.join(', '))} · ${escapeHtml(m.receivedAt)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Mail catcher</title>` +
        `<style>body{font:16px system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style></head>` +
        `<body><h1>Mail catcher</h1><p>E-mails the 3-Day Call Board sent on this machine (SMTP ${escapeHtml(`${host}:${smtpPort}`)}); the last ${KEPT_MESSAGES} are kept, nothing is relayed.</p>` +
        (rows || '<p>No e-mail yet. Use <strong>Send test</strong> on an alert rule.</p>') +
        `</body></html>`,
    );
  });
  await new Promise<void>((resolve) => page.listen(options.pagePort ?? 0, host, resolve));
  const pagePort = (page.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    smtpUrl: `smtp://${urlHost}:${smtpPort}`,
    pageUrl: `http://${urlHost}:${pagePort}/`,
    messages: () => [...kept],
    clear: () => void kept.splice(0),
    async close() {
      page.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => page.close(resolve)),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
