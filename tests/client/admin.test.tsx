import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminPage from '../../client/src/pages/AdminPage';
import { SettingsForm } from '../../client/src/pages/admin/SettingsTab';
import {
  expectAlertKeptUntilDismissed,
  renderWithProviders,
  serverError,
  testUser,
} from './support/render';
import { levelRows, places } from './support/match-fixtures';
import { hugo } from './support/admin-fixtures';

const settings = [
  {
    key: 'max_places' as const,
    value: 3,
    description: 'Le nombre maximum de places par match',
    max: 10,
  },
  {
    key: 'max_levels_selection' as const,
    value: 3,
    description: 'Le nombre maximum de niveaux sélectionnables',
    max: 10,
  },
  {
    key: 'months_ahead' as const,
    value: 1,
    description: 'Le nombre de mois à l’avance pour créer un match',
    max: 12,
  },
];

describe('Administration access', () => {
  afterEach(cleanup);

  it("shows 'Accès refusé' and a way home to a standard player, and asks the server nothing", () => {
    const { calls } = renderWithProviders(<AdminPage />, {
      user: testUser({ is_admin: false }),
      route: '/admin',
    });
    expect(screen.getByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('admin.'))).toEqual([]);
  });

  it('shows the tabs to an admin, the dashboard first, and switches with the keyboard', async () => {
    renderWithProviders(<AdminPage />, {
      user: testUser({ is_admin: true }),
      route: '/admin?onglet=lieux',
      fixtures: { 'admin.places.list': places, 'admin.levels.list': levelRows },
    });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs[0]).toBe('Tableau de bord');
    expect(tabs.slice(1, 7)).toEqual([
      'Lieux',
      'Niveaux',
      'Twilio (SMS)',
      'SMTP',
      'Utilisateurs',
      'Paramètres',
    ]);
    expect(await screen.findByRole('heading', { name: 'Padel Club Lyon' })).toBeInTheDocument();
    screen.getByRole('tab', { name: 'Lieux' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Niveaux' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Intermédiaire bas' })).toBeInTheDocument();
  });
});

describe('Administration tabs', () => {
  afterEach(cleanup);
  const admin = testUser({ is_admin: true });

  it('falls back to the default levels when they cannot be loaded', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=niveaux',
      fixtures: {
        'admin.levels.list': () => {
          throw serverError('boom', 'INTERNAL_SERVER_ERROR', 500);
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Découverte' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Expert' })).toBeInTheDocument();
  });

  it('shows the SMTP form for no stored config, and says why Twilio or the history could not be loaded', async () => {
    const failing = () => {
      throw serverError('Base de données indisponible');
    };
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=smtp',
      fixtures: { 'admin.smtp.get': null },
    });
    expect(await screen.findByLabelText('Serveur SMTP')).toHaveValue('');
    expect(screen.getByLabelText('Port')).toHaveValue(587);
    cleanup();
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=twilio',
      fixtures: { 'admin.twilio.get': failing },
    });
    expect(await screen.findByText('Base de données indisponible')).toBeInTheDocument();
    expect(screen.queryByLabelText('Account SID')).not.toBeInTheDocument();
    cleanup();
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=historique',
      fixtures: { 'admin.audit.list': [] },
    });
    expect(await screen.findByText('Aucune action enregistrée.')).toBeInTheDocument();
  });

  it('checks the level form: niveau, label and ordre 1–20', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=niveaux',
      fixtures: { 'admin.levels.list': levelRows },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un niveau' }));
    const form = screen.getByRole('form', { name: 'Ajouter un niveau' });
    expect(within(form).getByLabelText('Couleur')).toHaveValue('#4CAF50');
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(
      within(form).getByText('Le niveau, le libellé et l’ordre (1 à 20) sont requis.'),
    ).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Niveau'), 'Niveau 9');
    await userEvent.type(within(form).getByLabelText('Libellé'), 'Légende');
    await userEvent.clear(within(form).getByLabelText('Ordre'));
    await userEvent.type(within(form).getByLabelText('Ordre'), '25');
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(
      within(form).getByText("L'ordre doit être un nombre entre 1 et 20."),
    ).toBeInTheDocument();
  });

  it("tests the Twilio settings: 'Configuration Twilio valide !'", async () => {
    const test = vi.fn(() => ({ success: true, message: 'ok' }));
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=twilio',
      fixtures: {
        'admin.twilio.get': {
          account_sid: 'AC123',
          auth_token: '••••abcd',
          phone_number: '+33600000000',
          is_live: false,
        },
        'admin.twilio.test': test,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Tester' }));
    expect(await screen.findByText('Configuration Twilio valide !')).toBeInTheDocument();
    expect(test).toHaveBeenCalledWith({
      accountSid: 'AC123',
      authToken: undefined,
      phoneNumber: '+33600000000',
    });
  });

  it('requires every Twilio field', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=twilio',
      fixtures: { 'admin.twilio.get': null },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs');
  });

  it('asks for a test e-mail before sending one, with port 587 by default', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=smtp',
      fixtures: { 'admin.smtp.get': null },
    });
    expect(await screen.findByLabelText('Port')).toHaveValue(587);
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez saisir un email de test');
  });

  it('warns when the SMTP certificate is not verified, and sends the opt-out with the form', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=smtp',
      fixtures: { 'admin.smtp.get': null },
    });
    const optOut = await screen.findByRole('checkbox', { name: 'Ne pas vérifier le certificat' });
    expect(optOut).not.toBeChecked();
    expect(screen.queryByText(/le certificat du serveur SMTP n’est pas vérifié/)).toBeNull();
    await userEvent.click(optOut);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Attention : le certificat du serveur SMTP n’est pas vérifié.',
    );
  });

  it('SMTP: "Configuration active" is not pre-ticked and waits for a successful test; a test error keeps its reason until dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const reason =
        "Erreur lors de l'envoi du test : le serveur « smtp.inconnu.fr » est introuvable (nom DNS inconnu).";
      renderWithProviders(<AdminPage />, {
        user: admin,
        route: '/admin?onglet=smtp',
        fixtures: {
          'admin.smtp.get': {
            host: 'smtp.inconnu.fr',
            port: 587,
            secure: false,
            username: 'u',
            is_active: false,
            from_email: null,
            from_name: null,
            has_password: true,
            is_verified: false,
            skip_cert_verify: false,
          },
          'admin.smtp.test': () => {
            throw serverError(reason);
          },
        },
      });
      const active = await screen.findByRole('checkbox', { name: 'Configuration active' });
      expect(active).not.toBeChecked();
      expect(active).toBeDisabled();
      expect(active).toHaveAccessibleDescription(
        /Activable seulement après un email de test réussi/,
      );
      await userEvent.type(screen.getByLabelText('Email de test'), 'admin@example.fr');
      await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
      await expectAlertKeptUntilDismissed(reason);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks before deleting a user', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=utilisateurs',
      fixtures: {
        'levels.list': levelRows,
        'admin.users.list': [hugo],
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Hugo Leroy' }));
    expect(screen.getByRole('dialog', { name: 'Supprimer cet utilisateur ?' })).toHaveTextContent(
      'Cette action est irréversible.',
    );
  });
});

describe('General settings form', () => {
  afterEach(cleanup);

  it("says '{description} doit être un nombre entre 1 et {max}.' for a value out of bounds", async () => {
    const onSave = vi.fn();
    render(<SettingsForm settings={settings} onSave={onSave} />);
    const places = screen.getByLabelText('Le nombre maximum de places par match');
    await userEvent.clear(places);
    await userEvent.type(places, '11');
    const months = screen.getByLabelText('Le nombre de mois à l’avance pour créer un match');
    await userEvent.clear(months);
    await userEvent.type(months, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      screen.getByText('Le nombre maximum de places par match doit être un nombre entre 1 et 10.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Le nombre de mois à l’avance pour créer un match doit être un nombre entre 1 et 12.',
      ),
    ).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves values within bounds', async () => {
    const onSave = vi.fn();
    render(<SettingsForm settings={settings} onSave={onSave} />);
    const months = screen.getByLabelText('Le nombre de mois à l’avance pour créer un match');
    await userEvent.clear(months);
    await userEvent.type(months, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith({
      max_places: 3,
      max_levels_selection: 3,
      months_ahead: 12,
    });
  });

  it("shows 'Paramètres mis à jour avec succès !' once saved", async () => {
    renderWithProviders(<AdminPage />, {
      user: testUser({ is_admin: true }),
      route: '/admin?onglet=parametres',
      fixtures: {
        'admin.settings.get': settings,
        'admin.settings.save': { success: true, message: 'ok' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres mis à jour avec succès !')).toBeInTheDocument();
  });
});
