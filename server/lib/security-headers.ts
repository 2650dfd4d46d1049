import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The built client is script files from our own origin only (Vite emits no inline script), so the
 * policy allows nothing inline but styles set through the DOM; photos are previewed from `blob:`
 * and sent as `data:` URLs. No page may be framed (clickjacking) and no URL leaves as a referrer.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The service worker (/sw.js) and the web app manifest are files of our own origin.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Plain-HTTP installs (a LAN, 127.0.0.1) would lose every asset if requests were upgraded.
  upgradeInsecureRequests: null,
};

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
};

/**
 * Helmet's headers on every answer (pages, API, errors), with the policy above; a route may still
 * replace one (the REST reference page has a stricter policy: headers set on the reply win over
 * those set on the raw response). Helmet is built once, at start: its middleware then only sets
 * the policy it parsed then. @fastify/helmet builds it again on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet(HELMET_OPTIONS);
  app.addHook('onRequest', (req, reply, done) =>
    // Helmet fails only on a directive it cannot write, always with an Error.
    setHeaders(req.raw, reply.raw, (err) =>
      done(
        err === undefined
          ? undefined
          : err instanceof Error
            ? err
            : new Error('helmet could not set its headers', { cause: err }),
      ),
    ),
  );
}
