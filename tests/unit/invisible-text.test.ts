import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { safeText, stripInvisible } from '../../common/schemas/primitives';

describe('stripInvisible: a text of invisible characters is an empty text', () => {
  it.each([
    ['\u200B', ''],
    ['\u200C\u200D\u2060\uFEFF', ''],
    ['\u200E\u200F', ''],
    ['\u202A\u202B\u202C\u202D\u202E', ''],
    ['\u2066\u2067\u2068\u2069', ''],
    [' \u200B ', '  '],
    ['\u3164', ''],
    ['\u2800', ''],
    ['\u00AD', ''],
    ['\uFE0F', ''],
    ['\u{E0020}\u{E007F}', ''],
    ['Bob\u200B', 'Bob'],
    ['\u202EBob ', 'Bob '],
    ['a\u200Db', 'a\u200Db'],
    ['❤️', '❤️'],
    // The flag of England ends in tag characters: they stay.
    [
      '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
      '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    ],
    ['Padel', 'Padel'],
  ])('%j becomes %j', (input, output) => {
    expect(stripInvisible(input)).toBe(output);
  });

  it('a one-line name of invisible characters gets the empty message; a direction control inside its own', () => {
    const name = safeText({ error: 'Vide.' }).trim().min(1, 'Vide.');
    expect(name.safeParse('\u200B\u202E').error?.issues[0]?.message).toBe('Vide.');
    expect(name.safeParse('Club\u202Egnp.exe').error?.issues[0]?.message).toBe(
      MSG.http.directionControl,
    );
    expect(name.safeParse('Club\u2066x\u2069').error?.issues[0]?.message).toBe(
      MSG.http.directionControl,
    );
    expect(name.parse(' Les Lions\u200B ')).toBe('Les Lions');
  });

  it('scans a long blank run in linear time', () => {
    const started = performance.now();
    expect(stripInvisible(`${' '.repeat(200_000)}\u200Ba`)).toHaveLength(200_001);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
