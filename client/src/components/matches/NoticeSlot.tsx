import { Notice } from '../ui';
import type { NoticeState } from './useNotice';

/**
 * The outcome of an action, as a toast pinned under the top bar: in view wherever the
 * button was (a card low in a long list, the end of a long form). A success vanishes after 5 s
 * (spec section 4); an error stays until dismissed (its reason is what the user needs to act on,
 * and 5 s is too short to read it).
 */
export function NoticeSlot({
  notice,
  onClose,
}: {
  notice: NoticeState | null;
  onClose: () => void;
}) {
  return notice ? (
    <Notice
      kind={notice.kind}
      message={notice.message}
      onClose={onClose}
      persistent={notice.kind === 'error'}
      className="notice-toast"
    />
  ) : null;
}
