/**
 * The REST calls a third party makes, as OpenAPI paths: every row of spec section 7 and of its
 * admin list, then the extra documented paths the contract test also walks. The OpenAPI test
 * checks that the description lists each; the contract test checks that it calls each.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Call = readonly [Method, string];

/** Spec section 7, one entry per method and path, in the table's order. */
export const SPEC_ROWS: readonly Call[] = [
  ['POST', '/api/auth/check-user'],
  ['POST', '/api/auth/check-user-by-email'],
  ['POST', '/api/auth/send-otp'],
  ['POST', '/api/auth/verify-otp'],
  ['POST', '/api/auth/send-otp-email'],
  ['POST', '/api/auth/verify-otp-email'],
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/login-by-email'],
  ['POST', '/api/auth/reset-pin'],
  ['POST', '/api/auth/change-pin'],
  ['POST', '/api/auth/check-device'],
  ['GET', '/api/users/{id}'],
  ['PUT', '/api/users/{id}'],
  ['POST', '/api/matches'],
  ['GET', '/api/matches'],
  ['PUT', '/api/matches/{id}'],
  ['POST', '/api/matches/{id}/join'],
  ['GET', '/api/matches/{id}/participants'],
  ['DELETE', '/api/matches/{id}'],
  ['GET', '/api/places'],
  ['GET', '/api/levels'],
  ['GET', '/api/settings'],
];

/** Spec section 7, admin calls. */
export const ADMIN_ROWS: readonly Call[] = [
  ['GET', '/api/admin/places'],
  ['POST', '/api/admin/places'],
  ['PUT', '/api/admin/places/{id}'],
  ['DELETE', '/api/admin/places/{id}'],
  ['GET', '/api/admin/levels'],
  ['POST', '/api/admin/levels'],
  ['PUT', '/api/admin/levels/{id}'],
  ['DELETE', '/api/admin/levels/{id}'],
  ['GET', '/api/admin/twilio/config'],
  ['POST', '/api/admin/twilio/test'],
  ['POST', '/api/admin/twilio/save'],
  ['GET', '/api/admin/smtp-config'],
  ['POST', '/api/admin/smtp-config'],
  ['POST', '/api/admin/smtp-test'],
  ['GET', '/api/admin/users'],
  ['PUT', '/api/admin/users/{id}'],
  ['DELETE', '/api/admin/users/{id}'],
  ['GET', '/api/admin/general-settings'],
  ['POST', '/api/admin/general-settings'],
];

/** Documented paths beyond the spec table that the contract test walks too. */
export const EXTRA_CALLS: readonly Call[] = [
  ['GET', '/healthz'],
  ['GET', '/readyz'],
  ['GET', '/api/openapi.json'],
  ['GET', '/api/docs'],
];

export const CONTRACT_CALLS: readonly Call[] = [...SPEC_ROWS, ...ADMIN_ROWS, ...EXTRA_CALLS];

export const callKey = ([method, path]: Call) => `${method} ${path}`;
