import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadErrorBoundary } from '../../client/src/components/ui';

afterEach(cleanup);

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('a screen whose code cannot load', () => {
  it('shows the connection message and a reload button instead of a blank page', () => {
    // React reports the caught error on console.error; expected here.
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <LoadErrorBoundary>
        <Broken />
      </LoadErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Erreur de connexion. Vérifiez votre connexion internet.',
    );
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeEnabled();
    report.mockRestore();
  });

  it('shows the screen when it loads', () => {
    render(
      <LoadErrorBoundary>
        <p>Mes matchs</p>
      </LoadErrorBoundary>,
    );
    expect(screen.getByText('Mes matchs')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
