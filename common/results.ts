/**
 * Padel scoring, pure and I/O-free: the server validates an entered result with it and the client's
 * form shows the same French message before sending. Also the texts of results, profiles, level
 * suggestions and reliability (kept here, apart from `messages.ts`, so the feature has one home).
 */
import { deName } from './typography';

export const RESULT_MSG = {
  setsCount: 'Un match se joue en 2 ou 3 sets.',
  setShape: (n: number) => `Set ${n} : indiquez deux scores entiers.`,
  setInvalid: (n: number, a: number, b: number) =>
    `Set ${n} : ${a}-${b} n'est pas un score de set (6-0 à 6-4, 7-5 ou 7-6).`,
  superTieBreakInvalid: (a: number, b: number) =>
    `Set 3 : ${a}-${b} n'est pas un super tie-break valide (10 points, 2 d'écart).`,
  decidedAfterTwo: 'Le match est déjà gagné en 2 sets : pas de troisième set.',
  noWinner: 'Le vainqueur doit avoir gagné 2 sets.',
  teamsShape: 'Indiquez deux équipes de deux joueurs.',
  teamsDistinct: 'Les quatre joueurs des deux équipes doivent être différents.',
  teamsNotPlayer: 'Chaque joueur des équipes doit faire partie du match.',
  teamsGuestUnknown: 'Chaque invité des équipes doit avoir une place réservée dans ce match.',
  teamsNoPlayer: 'Au moins un joueur inscrit doit faire partie des équipes.',
  teamEntryInvalid:
    'Un joueur s’indique par son numéro, un invité par { "guest": numéro de sa place réservée }.',
  notStarted: 'Le résultat se saisit une fois le match commencé.',
  notPlayer: 'Seuls les joueurs et l’organisateur du match peuvent saisir le résultat.',
  alreadyEntered: 'Un résultat est déjà saisi pour ce match.',
  noResult: "Aucun résultat n'est saisi pour ce match.",
  notOtherTeam: "Seul un joueur de l'équipe adverse peut confirmer ou contester ce résultat.",
  alreadyAnswered: 'Ce résultat a déjà été confirmé ou contesté.',
  notContested: "Ce résultat n'est pas contesté.",
  reasonInvalid: 'Indiquez un motif (1 à 200 caractères).',
  reasonLabel: 'Motif',
  reasonPlaceholder: 'Le 2e set s’est fini 6-4',
  entered: 'Résultat enregistré : l’équipe adverse doit le confirmer.',
  enteredNoAnswerer:
    'Résultat enregistré : l’équipe adverse n’a que des invités, il sera confirmé automatiquement dans 48 h.',
  autoConfirm: (when: string) =>
    `L’équipe adverse n’a que des invités : le résultat sera confirmé automatiquement le ${when}.`,
  guestNamed: (name: string, organiser: string) => `${name} (invité ${deName(organiser)})`,
  confirmed: 'Résultat confirmé.',
  contested: 'Résultat contesté : un administrateur va trancher.',
  decided: 'Décision enregistrée.',
  won: 'gagné',
  lost: 'perdu',
  noShowTooEarly: 'Un absent se déclare une fois le match commencé.',
  noShowTooLate: 'Un absent se déclare dans les 48 h qui suivent le match.',
  noShowOrganiserOnly: "Seul l'organisateur du match peut déclarer un joueur absent.",
  noShowNotParticipant: 'Ce joueur ne fait pas partie du match.',
  noShowAlready: 'Ce joueur est déjà déclaré absent pour ce match.',
  noShowMarked: 'Joueur déclaré absent.',
  noShowReport: 'Signaler une absence',
  noShowAsk: (name: string) => `Signaler l'absence de ${name} ?`,
  noShowAskDetail:
    'Le joueur sera prévenu et pourra contester. Une absence compte dans sa fiabilité.',
  noShowNone: "Vous n'êtes pas déclaré absent pour ce match.",
  noShowContested: 'Contestation envoyée : un administrateur va trancher.',
  noShowNotContested: "Cette absence n'est pas contestée.",
  profileNotFound: "Ce joueur n'existe pas.",
  reliability: (percent: number) => `Fiable ${percent} %`,
  suggestion: (niveau: string, label: string) =>
    `Vos derniers résultats correspondent au ${niveau} — ${label}. Passer à ce niveau ?`,
  suggestionNone: 'Aucune suggestion de niveau en cours.',
  suggestionAccepted: (niveau: string) => `Votre niveau est maintenant ${niveau}.`,
  suggestionKept: 'Vous gardez votre niveau.',
  settingsSaved: 'Réglage enregistré.',
  admin: {
    confirmLabel: (date: string, place: string) => `Valider le résultat du ${date}, ${place}`,
    rejectLabel: (date: string, place: string) => `Refuser le résultat du ${date}, ${place}`,
    upholdLabel: (name: string, date: string) => `Maintenir l’absence de ${name} le ${date}`,
    cancelLabel: (name: string, date: string) => `Annuler l’absence de ${name} le ${date}`,
  },
  notify: {
    promptSubject: 'Quel est le résultat de votre match ?',
    prompt: (when: string, place: string) =>
      `Votre match du ${when} (${place}) est terminé : saisissez ou confirmez le résultat.`,
    enteredSubject: 'Résultat à confirmer',
    entered: (when: string, place: string, score: string) =>
      `Résultat saisi pour votre match du ${when} (${place}) : ${score}. Confirmez-le ou contestez-le.`,
    noShowSubject: 'Vous avez été déclaré absent',
    noShow: (when: string, place: string) =>
      `L'organisateur vous a déclaré absent au match du ${when} (${place}). Vous pouvez le contester depuis la page du match.`,
  },
} as const;

export type TSet = readonly [number, number];

/** A set's winner side (0 or 1), or null when `a-b` is not a finished padel set. */
export function setWinner([a, b]: TSet): 0 | 1 | null {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  const side = a > b ? 0 : 1;
  if (hi === 6 && lo >= 0 && lo <= 4) return side;
  if (hi === 7 && (lo === 5 || lo === 6)) return side;
  return null;
}

/** A super tie-break (deciding third set): first to 10 points with 2 clear, e.g. 10-8 or 12-10. */
export function superTieBreakWinner([a, b]: TSet): 0 | 1 | null {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  const side = a > b ? 0 : 1;
  if (hi === 10 && lo >= 0 && lo <= 8) return side;
  if (hi > 10 && hi - lo === 2) return side;
  return null;
}

/**
 * Checks a match score: 2 or 3 sets; each set 6-0..6-4, 7-5 or 7-6; a third set only at one set
 * all, and then either a normal set or a super tie-break; the winner has 2 sets. Answers the
 * winning side (0 = first team) or the French message of the first rule broken.
 */
export function checkSets(
  sets: readonly (readonly number[])[],
): { ok: true; winner: 0 | 1 } | { ok: false; message: string } {
  if (sets.length < 2 || sets.length > 3) return { ok: false, message: RESULT_MSG.setsCount };
  const won = [0, 0];
  for (const [i, s] of sets.entries()) {
    const [a, b] = s;
    if (
      s.length !== 2 ||
      a === undefined ||
      b === undefined ||
      !Number.isInteger(a) ||
      !Number.isInteger(b) ||
      a < 0 ||
      b < 0 ||
      a > 99 ||
      b > 99
    )
      return { ok: false, message: RESULT_MSG.setShape(i + 1) };
    if (i === 2 && won[0] !== won[1]) return { ok: false, message: RESULT_MSG.decidedAfterTwo };
    const side = setWinner([a, b]) ?? (i === 2 ? superTieBreakWinner([a, b]) : null);
    if (side === null)
      return {
        ok: false,
        message:
          i === 2 && Math.max(a, b) >= 8
            ? RESULT_MSG.superTieBreakInvalid(a, b)
            : RESULT_MSG.setInvalid(i + 1, a, b),
      };
    won[side] = (won[side] ?? 0) + 1;
  }
  if (won[0] === 2) return { ok: true, winner: 0 };
  if (won[1] === 2) return { ok: true, winner: 1 };
  return { ok: false, message: RESULT_MSG.noWinner };
}

/**
 * One place in a team: a player by user id, or a reserved seat of the match ("Places réservées",
 * a guest without an account) by its `match_guests` id, as `{ guest: id }`. Two kinds of entry in
 * one JSON array, so `[[u, u], [u, u]]` stays a valid body unchanged.
 */
export type TTeamEntry = number | { readonly guest: number };

export const isGuestEntry = (entry: TTeamEntry): entry is { readonly guest: number } =>
  typeof entry !== 'number';

/** A key telling entries apart: user 3 and guest 3 are different people. */
export const entryKey = (entry: TTeamEntry) =>
  isGuestEntry(entry) ? `guest:${entry.guest}` : `user:${entry}`;

/** The user ids of the teams (guests left out): who can be rated, counted, told. */
export const userIdsOf = (teams: readonly (readonly TTeamEntry[])[]): number[] =>
  teams.flat().filter((e): e is number => !isGuestEntry(e));

/**
 * Checks two teams of two distinct entries with at least one player with an account among them (a
 * result of four guests would count for nobody). With `roster` (the match's players and reserved
 * seats, known to the server only), each entry must also be one of them.
 */
export function checkTeams(
  teams: readonly (readonly TTeamEntry[])[],
  roster?: { players: readonly number[]; guests: readonly number[] },
): { ok: true } | { ok: false; message: string } {
  if (teams.length !== 2 || teams.some((t) => t.length !== 2))
    return { ok: false, message: RESULT_MSG.teamsShape };
  const all = teams.flat();
  if (new Set(all.map(entryKey)).size !== 4)
    return { ok: false, message: RESULT_MSG.teamsDistinct };
  if (userIdsOf(teams).length === 0) return { ok: false, message: RESULT_MSG.teamsNoPlayer };
  if (roster) {
    for (const e of all)
      if (!isGuestEntry(e) && !roster.players.includes(e))
        return { ok: false, message: RESULT_MSG.teamsNotPlayer };
    for (const e of all)
      if (isGuestEntry(e) && !roster.guests.includes(e.guest))
        return { ok: false, message: RESULT_MSG.teamsGuestUnknown };
  }
  return { ok: true };
}

/** "6-4 3-6 10-8". */
export const formatSets = (sets: readonly (readonly number[])[]) =>
  sets.map((s) => s.join('-')).join(' ');

/** The same score read from the other side ("4-6 6-3 8-10"). */
export const flipSets = (sets: readonly (readonly number[])[]) => sets.map((s) => [...s].reverse());
