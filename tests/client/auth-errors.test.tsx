import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { errorMessage } from '../../client/src/lib/errors';
import { networkError, serverError } from './support/render';

describe('errorMessage (spec section 8)', () => {
  const fallback = 'Erreur lors de la sauvegarde';
  it.each([
    [
      'a French message from the server',
      serverError(MSG.match.full, 'CONFLICT', 409),
      MSG.match.full,
    ],
    [
      'a business 404 with its own text',
      serverError(MSG.match.notFound, 'NOT_FOUND', 404),
      MSG.match.notFound,
    ],
    [
      'a missing procedure (404)',
      serverError('No procedure found on path "x.y"', 'NOT_FOUND', 404),
      MSG.http.notFound,
    ],
    [
      'an internal error (500)',
      serverError('Cannot read properties of undefined', 'INTERNAL_SERVER_ERROR', 500),
      MSG.http.server,
    ],
    ['a 502 without text', serverError('', 'BAD_GATEWAY', 502), MSG.http.server],
    ['no connection', networkError(), MSG.http.network],
    ['an empty server message', serverError('', 'BAD_REQUEST', 400), fallback],
    ['something that is not a call error', new Error('bug'), fallback],
  ])('%s', (_what, error, text) => {
    expect(errorMessage(error, fallback)).toBe(text);
  });
});
