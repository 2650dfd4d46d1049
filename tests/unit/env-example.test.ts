import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ZEnv } from '../../server/env';

describe('.env.example', () => {
  const text = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
  const lines = text.split('\n');

  it('lists every variable the server reads, each under a comment', () => {
    const listed = lines.flatMap((l) => /^([A-Z_]+)=/.exec(l)?.[1] ?? []);
    expect(listed.sort()).toEqual(Object.keys(ZEnv.shape).sort());
    for (const name of listed) {
      const i = lines.findIndex((l) => l.startsWith(`${name}=`));
      const above = lines
        .slice(0, i)
        .reverse()
        .find((l) => !/^[A-Z_]+=/.test(l));
      expect(above, `${name} has no comment above it`).toMatch(/^# /);
    }
  });
});
