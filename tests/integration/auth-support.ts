/** Helpers shared by the accounts tests (HTTP calls live in tests/support/http.ts). */

let n = 0;
/** A fresh e-mail and French mobile number for each registration, so tests never collide. */
export function freshIdentity(prefix = 'joueur') {
  n += 1;
  const stamp = `${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${String(n % 100).padStart(2, '0')}`;
  return { email: `${prefix}.${stamp}@example.fr`, national: `06${stamp}`, phone: `+336${stamp}` };
}
