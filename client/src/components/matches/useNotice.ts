import { useCallback, useState } from 'react';
import type { NoticeKind } from '../ui';

export interface NoticeState {
  kind: NoticeKind;
  message: string;
}

/** One notice at a time for a screen; `clear` is stable so the Notice's 5 s timer is not restarted. */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const clear = useCallback(() => setNotice(null), []);
  const success = useCallback((message: string) => setNotice({ kind: 'success', message }), []);
  const error = useCallback((message: string) => setNotice({ kind: 'error', message }), []);
  return { notice, clear, success, error };
}
