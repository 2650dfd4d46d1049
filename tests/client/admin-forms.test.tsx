import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTING_DESCRIPTIONS } from '../../common/limits';
import { MSG } from '../../common/messages';
import AdminPage from '../../client/src/pages/AdminPage';
import { SettingsForm } from '../../client/src/pages/admin/SettingsTab';
import { hugo } from './support/admin-fixtures';
import { levelRows, places } from './support/match-fixtures';
import { renderWithProviders, testUser, type Fixtures } from './support/render';

const admin = testUser({ is_admin: true });
const A = MSG.admin;

function renderTab(route: string, fixtures: Fixtures) {
  return renderWithProviders(<AdminPage />, {
    user: admin,
    route: `/admin?onglet=${route}`,
    fixtures,
  });
}

/**
 * Every admin form checks its input with the shared schema before sending anything: the French
 * message of the first broken rule shows, and the focus goes to the first field that breaks one.
 */
describe('Admin forms: the schema’s message, the first invalid field focused, nothing sent', () => {
  afterEach(cleanup);

  it('place: an empty form focuses "Nom"; a missing address then focuses "Adresse"', async () => {
    const { calls } = renderTab('lieux', { 'admin.places.list': places });
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un lieu' }));
    const form = screen.getByRole('form', { name: 'Ajouter un lieu' });
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(A.placeFieldsRequired);
    expect(within(form).getByLabelText('Nom')).toHaveFocus();

    await userEvent.type(within(form).getByLabelText('Nom'), 'Padel Nord');
    // Typing in the field the message was about takes the stale message away.
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Ville'), 'Lille');
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(A.placeFieldsRequired);
    expect(within(form).getByLabelText('Adresse')).toHaveFocus();
    expect(calls.some((c) => c.path === 'admin.places.create')).toBe(false);
  });

  it('level: an order out of range focuses "Ordre", a bad colour focuses "Couleur"', async () => {
    const { calls } = renderTab('niveaux', { 'admin.levels.list': levelRows });
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un niveau' }));
    const form = screen.getByRole('form', { name: 'Ajouter un niveau' });
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(A.levelFieldsRequired);
    expect(within(form).getByLabelText('Niveau')).toHaveFocus();

    await userEvent.type(within(form).getByLabelText('Niveau'), 'Niveau 9');
    await userEvent.type(within(form).getByLabelText('Libellé'), 'Légende');
    await userEvent.clear(within(form).getByLabelText('Ordre'));
    await userEvent.type(within(form).getByLabelText('Ordre'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(A.levelOrdreRange);
    expect(within(form).getByLabelText('Ordre')).toHaveFocus();

    await userEvent.clear(within(form).getByLabelText('Ordre'));
    await userEvent.type(within(form).getByLabelText('Ordre'), '9');
    await userEvent.clear(within(form).getByLabelText('Couleur'));
    await userEvent.type(within(form).getByLabelText('Couleur'), 'vert');
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(A.levelColourInvalid);
    expect(within(form).getByLabelText('Couleur')).toHaveFocus();
    expect(calls.some((c) => c.path === 'admin.levels.create')).toBe(false);
  });

  it('level: a valid form sends the order as a number and a blank colour as the default', async () => {
    const create = vi.fn(() => ({ ...levelRows[0], id: 99 }));
    renderTab('niveaux', { 'admin.levels.list': levelRows, 'admin.levels.create': create });
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un niveau' }));
    const form = screen.getByRole('form', { name: 'Ajouter un niveau' });
    await userEvent.type(within(form).getByLabelText('Niveau'), 'Niveau 9');
    await userEvent.type(within(form).getByLabelText('Libellé'), 'Légende');
    await userEvent.clear(within(form).getByLabelText('Ordre'));
    await userEvent.type(within(form).getByLabelText('Ordre'), '12');
    await userEvent.clear(within(form).getByLabelText('Couleur'));
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enregistré avec succès !');
    expect(create).toHaveBeenCalledWith({
      niveau: 'Niveau 9',
      label: 'Légende',
      description: '',
      couleur: '#4CAF50',
      ordre: 12,
    });
  });

  it('user: a cleared phone focuses "Téléphone", a bad e-mail focuses "Email"; a blank e-mail is left out', async () => {
    const update = vi.fn(() => hugo);
    const { calls } = renderTab('utilisateurs', {
      'levels.list': levelRows,
      'admin.users.list': [hugo],
      'admin.users.update': update,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Hugo Leroy' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier Hugo Leroy' });
    await userEvent.clear(within(dialog).getByLabelText('Téléphone'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(A.userFieldsRequired);
    expect(within(dialog).getByLabelText('Téléphone')).toHaveFocus();

    await userEvent.type(within(dialog).getByLabelText('Téléphone'), '0611111111');
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'hugo.example.fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.auth.emailInvalid);
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(calls.some((c) => c.path === 'admin.users.update')).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enregistré avec succès !');
    expect(update).toHaveBeenCalledWith({
      id: 50,
      name: 'Hugo Leroy',
      phone: '0611111111',
      email: undefined,
      level: 'Niveau 2',
      is_admin: false,
    });
  });

  it('Twilio: every field is required, the first empty one is focused', async () => {
    const { calls } = renderTab('twilio', { 'admin.twilio.get': null });
    await userEvent.type(await screen.findByLabelText('Account SID'), 'AC123');
    await userEvent.click(screen.getByRole('button', { name: 'Tester' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(A.smsFieldsRequired);
    expect(screen.getByLabelText('Auth Token')).toHaveFocus();
    expect(calls.some((c) => c.path.startsWith('admin.twilio.t'))).toBe(false);
  });

  it('SMTP: a password is required until one is stored, a bad port is refused, each field focused', async () => {
    const { calls } = renderTab('smtp', { 'admin.smtp.get': null });
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(A.smtpFieldsRequired);
    expect(screen.getByLabelText('Serveur SMTP')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Serveur SMTP'), 'smtp.club.fr');
    await userEvent.type(screen.getByLabelText("Nom d'utilisateur"), 'club');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(A.smtpFieldsRequired);
    expect(screen.getByLabelText('Mot de passe')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Mot de passe'), 'secret');
    await userEvent.clear(screen.getByLabelText('Port'));
    await userEvent.type(screen.getByLabelText('Port'), '70000');
    // "Envoyer" checks the address, then the settings it would test.
    await userEvent.type(screen.getByLabelText('Email de test'), 'moi@example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(A.smtpPortInvalid);
    expect(screen.getByLabelText('Port')).toHaveFocus();
    expect(
      calls.some((c) => c.path.startsWith('admin.smtp.s') || c.path === 'admin.smtp.test'),
    ).toBe(false);
  });

  it('SMTP test: a bad address is refused and focused', async () => {
    renderTab('smtp', { 'admin.smtp.get': null });
    await userEvent.type(await screen.findByLabelText('Email de test'), 'moi.example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.auth.emailInvalid);
    expect(screen.getByLabelText('Email de test')).toHaveFocus();
  });

  it('settings: each field says its own range, the first wrong one is focused', async () => {
    const onSave = vi.fn();
    const D = SETTING_DESCRIPTIONS;
    const settings = [
      { key: 'max_places' as const, value: 3, description: D.max_places, max: 10 },
      {
        key: 'max_levels_selection' as const,
        value: 3,
        description: D.max_levels_selection,
        max: 10,
      },
      { key: 'months_ahead' as const, value: 1, description: D.months_ahead, max: 12 },
    ];
    render(<SettingsForm settings={settings} onSave={onSave} />);
    await userEvent.clear(screen.getByLabelText(D.max_levels_selection));
    await userEvent.clear(screen.getByLabelText(D.months_ahead));
    await userEvent.type(screen.getByLabelText(D.months_ahead), '13');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText(A.settingRange(D.max_levels_selection, 10))).toBeInTheDocument();
    expect(screen.getByText(A.settingRange(D.months_ahead, 12))).toBeInTheDocument();
    expect(screen.getByLabelText(D.max_levels_selection)).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });
});
