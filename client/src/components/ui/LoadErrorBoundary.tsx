import { Component, type ReactNode } from 'react';
import { MSG } from '../../../../common/messages';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

export interface LoadErrorBoundaryProps {
  children: ReactNode;
}

/**
 * A screen whose code cannot load (connection lost, or a new version deployed while the tab was
 * open so the old chunk is gone) would otherwise leave a blank page: say so and offer a reload.
 */
export class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert">
        <EmptyState
          title={MSG.http.network}
          action={<Button onClick={() => window.location.reload()}>Recharger la page</Button>}
        />
      </div>
    );
  }
}
