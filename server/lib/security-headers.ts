import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Plain-HTTP installs (a LAN, 127.0.0.1) would lose every asset if requests were upgraded.
  upgradeInsecureRequests: null,
};

/** Helmet's headers on every answer (pages, API, errors), with the policy above. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
}
