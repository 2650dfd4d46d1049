import { Notice } from '../ui';
import type { NoticeState } from './useNotice';

/** A screen's notice slot; success and error notices vanish after 5 s (spec section 4). */
export function NoticeSlot({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  return notice ? <Notice kind={notice.kind} message={notice.message} onClose={onClose} /> : null;
}
