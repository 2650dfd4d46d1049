import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import AdminPage from '../../client/src/pages/AdminPage';
import { renderWithProviders, testUser } from './support/render';

const admin = testUser({ is_admin: true });
const stored = {
  host: 'smtp.club.fr',
  port: 587,
  secure: false,
  username: 'club',
  is_active: false,
  from_email: 'club@example.fr',
  from_name: null,
  has_password: true,
  is_verified: false,
  skip_cert_verify: false,
};

describe('Admin SMTP (issue 21)', () => {
  afterEach(cleanup);

  it('"Envoyer" tests the values in the form, before any save', async () => {
    const { calls } = renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=smtp',
      fixtures: {
        'admin.smtp.get': null,
        'admin.smtp.test': { success: true, message: MSG.smtpTest.sentUnsaved },
      },
    });
    await userEvent.type(await screen.findByLabelText('Serveur SMTP'), 'smtp.nouveau.fr');
    await userEvent.type(screen.getByLabelText("Nom d'utilisateur"), 'relais');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'secret-1');
    await userEvent.type(screen.getByLabelText("Email d'expéditeur"), 'club@example.fr');
    await userEvent.type(screen.getByLabelText('Email de test'), 'moi@example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(MSG.smtpTest.sentUnsaved)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'admin.smtp.test')?.input).toMatchObject({
      email: 'moi@example.fr',
      config: {
        host: 'smtp.nouveau.fr',
        port: 587,
        username: 'relais',
        password: 'secret-1',
        from_email: 'club@example.fr',
      },
    });
    expect(calls.filter((c) => c.path === 'admin.smtp.save')).toEqual([]);
  });

  it('after a reload, the password field says the stored one is kept; the sender name defaults to "Padel Match"', async () => {
    const { calls } = renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=smtp',
      fixtures: {
        'admin.smtp.get': stored,
        'admin.smtp.test': { success: true, message: MSG.admin.smtpTestSent },
      },
    });
    const password = await screen.findByLabelText('Mot de passe');
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription(
      'Mot de passe enregistré — laisser vide pour le garder',
    );
    expect(screen.getByLabelText("Nom d'expéditeur")).toHaveAttribute('placeholder', 'Padel Match');
    await userEvent.type(screen.getByLabelText('Email de test'), 'moi@example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(MSG.admin.smtpTestSent)).toBeInTheDocument();
    const sent = calls.find((c) => c.path === 'admin.smtp.test')?.input as {
      config: { password?: string; host: string };
    };
    expect(sent.config.host).toBe('smtp.club.fr');
    expect(sent.config.password).toBeUndefined();
  });
});
