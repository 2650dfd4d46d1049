import { and, gte, inArray, sql } from 'drizzle-orm';
import { addDays, localParts } from '../../common/schedule';
import type { Db } from '../../db/client';
import { matches, matchParticipants, places, users } from '../../db/schema';
import type { Env } from '../env';
import { hashPin } from '../lib/pin-hash';
import { createSecrets, resolveAppSecret } from '../lib/secrets';

/** Every demo player logs in with this PIN (not a weak one: the app refuses those at registration). */
export const DEMO_PIN = '4826';
const DOMAIN = 'demo.padel-match.fr';

const DEMO_PLACES = [
  { name: 'Padel Club Paris 15', address: '12 rue de la Convention', city: 'Paris' },
  { name: 'Lyon Padel Arena', address: '45 avenue Jean Jaurès', city: 'Lyon' },
  { name: 'Marseille Padel Center', address: '8 boulevard Michelet', city: 'Marseille' },
];

const DEMO_PLAYERS = [
  { name: 'Camille Martin', level: 'Niveau 4', isAdmin: true },
  { name: 'Lucas Bernard', level: 'Niveau 3', isAdmin: false },
  { name: 'Léa Dubois', level: 'Niveau 5', isAdmin: false },
  { name: 'Hugo Thomas', level: 'Niveau 2', isAdmin: false },
  { name: 'Chloé Robert', level: 'Niveau 6', isAdmin: false },
  { name: 'Nathan Petit', level: 'Niveau 3', isAdmin: false },
  { name: 'Manon Richard', level: 'Niveau 1', isAdmin: false },
  { name: 'Louis Durand', level: 'Niveau 7', isAdmin: false },
].map((p, i) => ({
  ...p,
  email: `${p.name
    .split(' ')[0]!
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()}@${DOMAIN}`,
  phone: `+3360000${String(101 + i).padStart(4, '0')}`,
}));

/** The keys the demo rows are found by again (places have no other unique key, players are unique by e-mail). */
const DEMO_PLACE_NAMES = DEMO_PLACES.map((p) => p.name);
const DEMO_PLAYER_EMAILS = DEMO_PLAYERS.map((p) => p.email);

/** [place index, days from today, time, levels, slots, joiners (player indexes); creator = first player listed]. */
type DemoMatch = [number, number, string, string[], number, number, number[]];
const DEMO_MATCHES: DemoMatch[] = [
  [0, 1, '18:00', ['Niveau 3', 'Niveau 4'], 3, 0, [1, 5]],
  [0, 2, '19:30', ['Niveau 5', 'Niveau 6'], 3, 2, [4, 7, 0]], // full
  [1, 3, '10:00', ['Niveau 2', 'Niveau 3'], 3, 3, []],
  [1, 5, '20:00', ['Niveau 1', 'Niveau 2'], 2, 6, [3]],
  [2, 7, '09:30', ['Niveau 6', 'Niveau 7'], 3, 7, [4]],
  [0, 10, '12:00', ['Niveau 4'], 1, 1, []],
];

/**
 * Sample places, eight players (PIN printed) and upcoming matches, some joined and one full, for
 * trying every screen. Idempotent: places and players are added only when missing, and matches
 * only when no demo player has an upcoming match. Refuses to run in production.
 */
export async function seedDemo(db: Db, env: Env): Promise<string> {
  if (env.NODE_ENV === 'production')
    throw new Error('Refusing to load demo data with NODE_ENV=production.');
  const pepper = createSecrets(resolveAppSecret(env.APP_SECRET, env.DATA_DIR)).pinPepper;
  const pinHash = await hashPin(DEMO_PIN, pepper);
  const today = localParts(new Date(), env.APP_TIMEZONE).date;

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const existingPlaces = await tx
      .select({ id: places.id, name: places.name })
      .from(places)
      .where(inArray(places.name, DEMO_PLACE_NAMES));
    const missingPlaces = DEMO_PLACES.filter((p) => !existingPlaces.some((e) => e.name === p.name));
    if (missingPlaces.length)
      existingPlaces.push(
        ...(await tx
          .insert(places)
          .values(missingPlaces)
          .returning({ id: places.id, name: places.name })),
      );
    const placeIds = DEMO_PLACES.map((p) => existingPlaces.find((e) => e.name === p.name)!.id);

    await tx
      .insert(users)
      .values(
        DEMO_PLAYERS.map(({ name, email, phone, level, isAdmin }) => ({
          name,
          email,
          phone,
          level,
          isAdmin,
          pinHash,
        })),
      )
      .onConflictDoNothing();
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, DEMO_PLAYER_EMAILS));
    const playerIds = DEMO_PLAYERS.map((p) => rows.find((r) => r.email === p.email)?.id);
    const known = playerIds.filter((id): id is number => id !== undefined);

    const upcoming = known.length
      ? await tx.$count(matches, and(inArray(matches.createdBy, known), gte(matches.date, today)))
      : 0;
    if (upcoming > 0) return 0;
    let count = 0;
    for (const [place, days, time, levels, slots, creator, joiners] of DEMO_MATCHES) {
      const createdBy = playerIds[creator];
      const players = joiners
        .map((j) => playerIds[j])
        .filter((id): id is number => id !== undefined && id !== createdBy);
      if (createdBy === undefined) continue;
      const [m] = await tx
        .insert(matches)
        .values({
          placeId: placeIds[place]!,
          date: addDays(today, days),
          time,
          levels,
          slots,
          missingPlayers: slots - players.length,
          createdBy,
        })
        .returning({ id: matches.id });
      if (players.length)
        await tx
          .insert(matchParticipants)
          .values(players.map((userId) => ({ matchId: m!.id, userId })));
      count++;
    }
    return count;
  });

  const lines = [
    `Demo data (${DEMO_PLACES.length} places, ${DEMO_PLAYERS.length} players; ${created ? `${created} upcoming matches added` : 'matches already present'}).`,
    `Log in with any of these e-mails and PIN ${DEMO_PIN}:`,
    ...DEMO_PLAYERS.map(
      (p) => `  ${p.email.padEnd(28)} ${p.name}${p.isAdmin ? ' (admin)' : ''}, ${p.level}`,
    ),
  ];
  return lines.join('\n');
}
