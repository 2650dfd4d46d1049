import type { FastifyInstance } from 'fastify';
import type { ReactNode } from 'react';
import { MSG } from '../common/messages';
import type { Deps } from './deps';
import { PwaHead } from './html/pwa-head';
import { renderHtmlDocument } from './html/render';
import { PREFS_TEXT } from '../common/notification-types';
import {
  readNoticeType,
  readUnsubscribeToken,
  unsubscribeByToken,
} from './services/notifications/unsubscribe';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Takes form posts (not JSON): mail providers' one-click unsubscribe (RFC 8058). */
    acceptsForm?: boolean;
  }
}

/** `token`, and `type` for a link that turns one type of notice off. */
interface Query {
  token?: string;
  type?: string;
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
 * `GET /unsubscribe?token=…[&type=…]` shows a French page asking to confirm (a link opened by a
 * mail scanner must not unsubscribe anyone); `POST` to the same URL — the page's button, or a mail
 * provider's one-click request (`List-Unsubscribe=One-Click`, form-encoded) — turns that type of
 * notice off, or without a type the match e-mails. No session: the HMAC-signed token is the proof. Outside /api, since the body is a form.
 */
export function unsubscribePage(app: FastifyInstance, { deps }: { deps: Deps }, done: () => void) {
  // The body carries nothing we need (the token is in the URL), whatever its type.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, _body, next) => next(null, null));

  app.get<{ Querystring: Query }>('/unsubscribe', async (req, reply) => {
    const token = String(req.query.token ?? '');
    const type = readNoticeType(req.query.type);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (readUnsubscribeToken(deps.secrets, token) === null || type === undefined)
      return reply.code(400).send(page(<p>{MSG.notify.unsubscribeInvalid}</p>, 'invalid'));
    const action = `/unsubscribe?token=${encodeURIComponent(token)}${type ? `&type=${type}` : ''}`;
    return page(
      <>
        <p>
          {type ? PREFS_TEXT.unsubscribeAsk(PREFS_TEXT.types[type]) : MSG.notify.unsubscribeAsk}
        </p>
        <form method="post" action={action}>
          <button type="submit">{MSG.notify.unsubscribeConfirm}</button>
        </form>
      </>,
      'ask',
    );
  });

  app.post<{ Querystring: Query }>(
    '/unsubscribe',
    { config: { acceptsForm: true } },
    async (req, reply) => {
      const type = readNoticeType(req.query.type);
      const done =
        type !== undefined && (await unsubscribeByToken(deps, String(req.query.token ?? ''), type));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!done)
        return reply.code(400).send(page(<p>{MSG.notify.unsubscribeInvalid}</p>, 'invalid'));
      return page(
        <p>
          {type ? PREFS_TEXT.unsubscribeDone(PREFS_TEXT.types[type]) : MSG.notify.unsubscribeDone}
        </p>,
        'ok',
      );
    },
  );
  done();
}
