/**
 * Where to go after login, from `?next=` (the share page's "Se connecter pour rejoindre" sends
 * `/?next=/matches/12`). Only a path of this app is followed: never another site (`//evil`, `https:`).
 */
export function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !/^\/(?![/\\])[A-Za-z0-9\-._~/%?=&]*$/.test(next)) return null;
  return next;
}
