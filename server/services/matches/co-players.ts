/**
 * Who sees the players' personal details (phone, photo, level on the participants panel): the
 * match's co-players, that is its organiser and the players who joined it. The organiser plays
 * too, so the players see the organiser's details exactly as they see each other's. The ONE rule
 * behind the match page (`matchDetailFor`) and the participants panel (`listParticipants`).
 */
export function isCoPlayer(
  match: { createdBy: number; playerIds: readonly number[] },
  actorId: number,
): boolean {
  return match.createdBy === actorId || match.playerIds.includes(actorId);
}
