import { useEffect } from 'react';
import { NOTICE_TIMEOUT_MS } from '../../../../common/limits';
import { frenchTypography } from '../../../../common/typography';

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

export interface NoticeProps {
  kind: NoticeKind;
  message: string | null | undefined;
  /** Called by the close button and, unless `persistent`, after NOTICE_TIMEOUT_MS (5 s). */
  onClose?: () => void;
  persistent?: boolean;
  className?: string;
}

const ICONS: Record<NoticeKind, string> = { success: '✓', error: '!', info: 'i', warning: '!' };

/** A success, error, warning or information message announced to screen readers; it vanishes after 5 s. */
export function Notice({ kind, message, onClose, persistent = false, className }: NoticeProps) {
  useEffect(() => {
    if (!message || persistent || !onClose) return;
    const timer = window.setTimeout(onClose, NOTICE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [message, persistent, onClose]);

  if (!message) return null;
  return (
    <div
      className={['notice', `notice-${kind}`, className ?? ''].filter(Boolean).join(' ')}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      <span className="notice-icon" aria-hidden="true">
        {ICONS[kind]}
      </span>
      <p className="notice-text">{frenchTypography(message)}</p>
      {onClose && (
        <button
          type="button"
          className="notice-close"
          onClick={onClose}
          aria-label="Fermer le message"
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
