import { MSG } from '../../../common/messages';
import type { Deps } from '../../deps';
import type { CancelledMatchNotice } from './erase';

const frenchDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Tells each participant that a match they joined is cancelled with its creator's account. Sent
 * after the deletion committed, one mail each; a failed mail is logged and does not undo anything.
 */
export async function sendCancellationNotices(deps: Pick<Deps, 'mailer' | 'logger'>, notices: CancelledMatchNotice[]): Promise<void> {
  for (const n of notices) {
    if (!n.email) continue;
    try {
      await deps.mailer.send({
        to: n.email,
        subject: MSG.account.cancelledSubject,
        text: MSG.account.cancelledText(frenchDate(n.date), n.time, n.place),
      });
    } catch (err) {
      deps.logger.warn({ err, matchId: n.matchId, userId: n.userId }, 'match cancellation notice not sent');
    }
  }
}
