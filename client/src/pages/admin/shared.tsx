import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Notice } from '../../components/ui';
import type { NoticeState } from '../../components/matches/useNotice';

/** The French message of the first failed rule (the shared zod schemas carry the spec's texts). */
export function firstIssue<T>(result: z.ZodSafeParseResult<T>): string | null {
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

interface PanelHeadProps {
  title: string;
  lead?: string;
  actions?: ReactNode;
}

export function PanelHead({ title, lead, actions }: PanelHeadProps) {
  return (
    <div className="admin-panel-head">
      <div>
        <h2 className="admin-panel-title">{title}</h2>
        {lead && <p className="admin-panel-lead">{lead}</p>}
      </div>
      {actions && <div className="admin-panel-actions">{actions}</div>}
    </div>
  );
}

/** A screen's notice slot; success and error notices vanish after 5 s (spec section 4). */
export function NoticeSlot({ notice, onClose }: { notice: NoticeState | null; onClose: () => void }) {
  return notice ? <Notice kind={notice.kind} message={notice.message} onClose={onClose} /> : null;
}
