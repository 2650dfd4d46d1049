import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { ConfirmDialog, EmptyState, Field, Notice } from '../../client/src/components/ui';

/** Issue 21: what the client shows keeps « ! ? : ; » on the line of the word before them. */
describe('French typography on screen', () => {
  afterEach(cleanup);

  it('toasts, empty states, confirmations and field errors put a no-break space before the sign', () => {
    render(
      <>
        <Notice kind="success" message={MSG.match.joined} persistent />
        <EmptyState title="Rien ici ?" />
        <ConfirmDialog
          title="Confirmer"
          message={MSG.chat.confirmDelete}
          confirmLabel="Oui"
          onConfirm={vi.fn()}
          onCancel={vi.fn()}
        />
        <Field label="Code" error={MSG.admin.testFailedBecause('Échec', 'réponse 535 du serveur.')}>
          <input />
        </Field>
      </>,
    );
    expect(screen.getByRole('status').textContent).toContain('succès\u202f!');
    expect(screen.getByText(/Rien ici/).textContent).toBe('Rien ici\u202f?');
    expect(screen.getByText(/Supprimer ce message/).textContent).toBe(
      'Supprimer ce message\u202f?',
    );
    expect(screen.getByText(/réponse 535/).textContent).toBe(
      'Échec\u00a0: réponse 535 du serveur.',
    );
  });
});
