import type { FastifyInstance } from 'fastify';
import type { ReactNode } from 'react';
import { MSG } from '../common/messages';
import type { Deps } from './deps';
import { PwaHead } from './html/pwa-head';
import { renderHtmlDocument } from './html/render';
import { readUnsubscribeToken, unsubscribeByToken } from './services/notifications/unsubscribe';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Takes form posts (not JSON): mail providers' one-click unsubscribe (RFC 8058). */
    acceptsForm?: boolean;
  }
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1b5e20;color:#fff;cursor:pointer}`;

const page = (body: ReactNode, status: 'ok' | 'ask' | 'invalid') =>
  renderHtmlDocument(
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${MSG.notify.unsubscribeTitle} — Padel Match`}</title>
        <PwaHead />
        <style>{STYLE}</style>
      </head>
      <body>
        <h1>{MSG.notify.unsubscribeTitle}</h1>
        <main data-status={status}>{body}</main>
      </body>
    </html>,
  );

/**
 * `GET /unsubscribe?token=…` shows a French page asking to confirm (a link opened by a mail
 * scanner must not unsubscribe anyone); `POST /unsubscribe?token=…` — the page's button, or a mail
 * provider's one-click request (`List-Unsubscribe=One-Click`, form-encoded) — turns the match
 * e-mails off. No session: the HMAC-signed token is the proof. Outside /api, since the body is a form.
 */
export function unsubscribePage(app: FastifyInstance, { deps }: { deps: Deps }, done: () => void) {
  // The body carries nothing we need (the token is in the URL), whatever its type.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, _body, next) => next(null, null));

  app.get<{ Querystring: { token?: string } }>('/unsubscribe', async (req, reply) => {
    const token = String(req.query.token ?? '');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (readUnsubscribeToken(deps.secrets, token) === null)
      return reply.code(400).send(page(<p>{MSG.notify.unsubscribeInvalid}</p>, 'invalid'));
    return page(
      <>
        <p>{MSG.notify.unsubscribeAsk}</p>
        <form method="post" action={`/unsubscribe?token=${encodeURIComponent(token)}`}>
          <button type="submit">{MSG.notify.unsubscribeConfirm}</button>
        </form>
      </>,
      'ask',
    );
  });

  app.post<{ Querystring: { token?: string } }>(
    '/unsubscribe',
    { config: { acceptsForm: true } },
    async (req, reply) => {
      const done = await unsubscribeByToken(deps, String(req.query.token ?? ''));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!done)
        return reply.code(400).send(page(<p>{MSG.notify.unsubscribeInvalid}</p>, 'invalid'));
      return page(<p>{MSG.notify.unsubscribeDone}</p>, 'ok');
    },
  );
  done();
}
