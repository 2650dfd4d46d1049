import { Notice } from '../ui';
import type { NoticeState } from './useNotice';

/**
 * A screen's notice slot; a success vanishes after 5 s (spec section 4), an error stays until
 * dismissed (its reason is what the user needs to act on, and 5 s is too short to read it).
 */
export function NoticeSlot({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  return notice ? <Notice kind={notice.kind} message={notice.message} onClose={onClose} persistent={notice.kind === 'error'} /> : null;
}
