import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLongDate, formatTime, placesAvailable } from '../../client/src/lib/format';

describe('match date and time as the player reads them', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes a match date as a long French date', () => {
    expect(formatLongDate('2026-11-21')).toBe('samedi 21 novembre 2026');
    expect(formatLongDate('2027-01-01')).toBe('vendredi 1 janvier 2027');
  });

  it('keeps the calendar day of an ISO instant whatever the browser zone', () => {
    expect(formatLongDate('2026-11-21T23:30:00.000Z')).toBe('samedi 21 novembre 2026');
  });

  it('says the date is missing when there is none', () => {
    expect(formatLongDate(null)).toBe('Date manquante');
    expect(formatLongDate(undefined)).toBe('Date manquante');
    expect(formatLongDate('  ')).toBe('Date manquante');
  });

  it('says the date is invalid when it is not a real day', () => {
    expect(formatLongDate('demain')).toBe('Date invalide');
    expect(formatLongDate('2026-02-30')).toBe('Date invalide');
    expect(formatLongDate('2026-13-01')).toBe('Date invalide');
  });

  it('says formatting failed when the browser cannot format it', () => {
    // `format` is a getter on the prototype; its bound function throws as a browser without French data might.
    const proto = Intl.DateTimeFormat.prototype as unknown as { format: unknown };
    vi.spyOn(proto, 'format', 'get').mockReturnValue(() => {
      throw new RangeError('no locale data');
    });
    expect(formatLongDate('2026-11-21')).toBe('Erreur de formatage');
  });

  it('shows the first five characters of a time', () => {
    expect(formatTime('18:30:00')).toBe('18:30');
    expect(formatTime('09:00')).toBe('09:00');
  });

  it('counts free places in the singular and the plural', () => {
    expect(placesAvailable(1)).toBe('1 place disponible');
    expect(placesAvailable(2)).toBe('2 places disponibles');
    expect(placesAvailable(3)).toBe('3 places disponibles');
  });
});
