import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * Helmet's headers for the options above. They depend on nothing in the request (no nonce), so
 * they are computed once, by running helmet's middleware against a response that only records.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet refused its options');
  });
  return headers;
}

/**
 * Helmet's headers on every answer (pages, API, errors), with the policy above; a route may still
 * replace one (the REST reference page has a stricter policy). @fastify/helmet rebuilt helmet and
 * re-parsed the policy on every request; the headers are the same, so they are set as computed.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
