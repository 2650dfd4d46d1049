import type { ReactNode } from 'react';
import { frenchTypography } from '../../../../common/typography';

export interface EmptyStateProps {
  title: string;
  action?: ReactNode;
  children?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, action, children, icon }: EmptyStateProps) {
  return (
    <div className="empty-state">
      {icon && (
        <div className="empty-state-icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="empty-state-title">{frenchTypography(title)}</p>
      {children}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
