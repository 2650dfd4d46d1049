import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { shortPublicName } from '../../../common/names';
import type { DbOrTx } from '../../../db/client';
import { outbox } from '../../../db/schema';

/**
 * Replaces a player's name by « Un joueur » in every notice that names them, pending or sent, in
 * the caller's transaction: an erased account leaves no name in other players' outbox rows. A
 * notice names a player only as who "a rejoint" / "a quitté" the match (the subject's template,
 * which also starts the body), so only those phrases are rewritten, in the short form notices use
 * and in the whole name older rows carry; a word that merely looks like the name is left alone.
 */
export async function scrubNameFromNotices(tx: DbOrTx, name: string): Promise<number> {
  const spellings = [...new Set([name.trim(), shortPublicName(name)])].filter(Boolean);
  const replacements = spellings.flatMap((n) =>
    [MSG.notify.joinedSubject, MSG.notify.leftSubject].map(
      (phrase) => [phrase(n), phrase(MSG.notify.formerPlayer)] as const,
    ),
  );
  const mentions = or(
    ...replacements.flatMap(([p]) => [
      sql`strpos(${outbox.subject}, ${p}) > 0`,
      sql`strpos(${outbox.body}, ${p}) > 0`,
    ]),
  );
  const rows = await tx
    .select({ id: outbox.id, subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(and(inArray(outbox.event, ['joined', 'left']), mentions))
    .for('update');
  const scrub = (text: string | null) =>
    replacements.reduce((out, [from, to]) => out?.split(from).join(to) ?? null, text);
  for (const r of rows)
    await tx
      .update(outbox)
      .set({ subject: scrub(r.subject), body: scrub(r.body) })
      .where(eq(outbox.id, r.id));
  return rows.length;
}
