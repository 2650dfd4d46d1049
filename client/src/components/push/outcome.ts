import { MSG } from '../../../../common/messages';
import type { PushOutcome } from '../../lib/push';

/** What the player reads after trying to turn push on (null: nothing to say). */
export function outcomeMessage(
  outcome: PushOutcome,
): { kind: 'success' | 'error' | 'warning'; text: string } | null {
  switch (outcome) {
    case 'enabled':
      return { kind: 'success', text: MSG.push.enabled };
    case 'denied':
      return { kind: 'warning', text: MSG.push.blocked };
    case 'unsupported':
      return { kind: 'warning', text: MSG.push.unsupported };
    case 'server-off':
      return { kind: 'warning', text: MSG.push.serverOff };
    case 'failed':
      return { kind: 'error', text: MSG.push.subscribeFailed };
    case 'dismissed':
      return null;
  }
}
