import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COURT_TEXT } from '../../common/messages-court';
import AdminPage from '../../client/src/pages/AdminPage';
import { hugo } from './support/admin-fixtures';
import { levelRows, places } from './support/match-fixtures';
import { renderWithProviders, serverError, testUser } from './support/render';

const admin = testUser({ is_admin: true });

describe('Administration list tabs (places, levels, users)', () => {
  afterEach(cleanup);

  it('opens and closes the add form with the same button, then saves a place and says so', async () => {
    const create = vi.fn(() => ({
      id: 3,
      name: 'Padel Nord',
      address: '1 rue Nord',
      city: 'Lille',
      is_active: true,
    }));
    const { calls } = renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=lieux',
      fixtures: {
        'admin.places.list': places,
        'places.list': places,
        'admin.places.create': create,
      },
    });
    const toggle = await screen.findByRole('button', { name: 'Ajouter un lieu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Fermer le formulaire' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fermer le formulaire' }));
    expect(screen.queryByRole('form', { name: 'Ajouter un lieu' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un lieu' }));
    const form = screen.getByRole('form', { name: 'Ajouter un lieu' });
    await userEvent.type(within(form).getByLabelText('Nom'), 'Padel Nord');
    await userEvent.type(within(form).getByLabelText('Ville'), 'Lille');
    await userEvent.type(within(form).getByLabelText('Adresse'), '1 rue Nord');
    // Issue 42: where players book a court there, and whether it is indoor.
    const link = within(form).getByLabelText(COURT_TEXT.bookingUrlLabel);
    await userEvent.type(link, 'playtomic.io/padel-nord');
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await within(form).findByText(COURT_TEXT.bookingUrlInvalid)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await userEvent.clear(link);
    await userEvent.type(link, 'https://playtomic.io/padel-nord');
    await userEvent.selectOptions(
      within(form).getByLabelText(COURT_TEXT.indoorLabel),
      COURT_TEXT.indoor,
    );
    const listsBefore = calls.filter((c) => c.path === 'admin.places.list').length;
    await userEvent.click(within(form).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enregistré avec succès !');
    expect(create).toHaveBeenCalledWith({
      name: 'Padel Nord',
      address: '1 rue Nord',
      city: 'Lille',
      is_active: true,
      booking_url: 'https://playtomic.io/padel-nord',
      indoor: true,
    });
    expect(screen.queryByRole('form', { name: 'Ajouter un lieu' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'admin.places.list').length).toBeGreaterThan(
        listsBefore,
      ),
    );
  });

  it('edits a place in a prefilled form and keeps the form open with the error when saving fails', async () => {
    const update = vi.fn(() => {
      throw serverError('Ce lieu existe déjà.');
    });
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=lieux',
      fixtures: {
        'admin.places.list': places,
        'places.list': places,
        'admin.places.update': update,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Urban Padel' }));
    const form = screen.getByRole('form', { name: 'Modifier le lieu' });
    expect(
      within(form).getByRole('heading', { name: 'Modifier « Urban Padel »' }),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Nom')).toHaveValue('Urban Padel');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lieu existe déjà.');
    expect(update).toHaveBeenCalledWith({
      id: 2,
      name: 'Urban Padel',
      address: '3 quai Perrache',
      city: 'Lyon',
      is_active: true,
      booking_url: null,
      indoor: null,
    });
    expect(screen.getByRole('form', { name: 'Modifier le lieu' })).toBeInTheDocument();
  });

  it('deletes a place once confirmed, with the server message, and cancelling deletes nothing', async () => {
    const remove = vi.fn(() => ({ success: true, message: 'Lieu supprimé.' }));
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=lieux',
      fixtures: {
        'admin.places.list': places,
        'places.list': places,
        'admin.places.delete': remove,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Padel Club Lyon' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer ce lieu ?' });
    expect(dialog).toHaveTextContent(
      'Le lieu « Padel Club Lyon » sera supprimé. Cette action est irréversible.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Padel Club Lyon' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Lieu supprimé.');
    expect(remove).toHaveBeenCalledWith({ id: 1 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why a delete failed', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=niveaux',
      fixtures: {
        'admin.levels.list': levelRows,
        'admin.levels.delete': () => {
          throw serverError('Ce niveau est utilisé.');
        },
      },
    });
    const [first] = levelRows;
    await userEvent.click(
      await screen.findByRole('button', { name: `Supprimer ${first?.niveau}` }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer ce niveau ?' });
    expect(dialog).toHaveTextContent(`Le niveau « ${first?.niveau} » sera supprimé.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce niveau est utilisé.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the error when places cannot be loaded', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=lieux',
      fixtures: {
        'admin.places.list': () => {
          throw serverError('Accès interdit.', 'FORBIDDEN', 403);
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Accès interdit.');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('offers no delete for the default levels shown when loading failed, but lets them be edited', async () => {
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=niveaux',
      fixtures: {
        'admin.levels.list': () => {
          throw serverError('boom', 'INTERNAL_SERVER_ERROR', 500);
        },
      },
    });
    await screen.findByRole('heading', { name: 'Découverte' });
    expect(screen.queryByRole('button', { name: /^Supprimer/ })).not.toBeInTheDocument();
    const edit = screen.getAllByRole('button', { name: /^Modifier/ })[0];
    if (!edit) throw new Error('no edit button');
    await userEvent.click(edit);
    expect(screen.getByRole('form', { name: 'Modifier le niveau' })).toBeInTheDocument();
  });

  it('filters users, never lets an admin delete their own account, and edits a user in a modal', async () => {
    const update = vi.fn(() => ({ ...hugo, name: 'Hugo L.' }));
    renderWithProviders(<AdminPage />, {
      user: admin,
      route: '/admin?onglet=utilisateurs',
      fixtures: {
        'levels.list': levelRows,
        'admin.users.list': [hugo, { ...admin }],
        'admin.users.update': update,
      },
    });
    expect(await screen.findByRole('button', { name: `Supprimer ${admin.name}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer Hugo Leroy' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Rechercher un utilisateur'), 'zzz');
    expect(screen.getByText('Aucun utilisateur trouvé.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Rechercher un utilisateur'));
    await userEvent.type(screen.getByLabelText('Rechercher un utilisateur'), 'hugo');
    expect(screen.queryByRole('heading', { name: admin.name })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Modifier Hugo Leroy' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier Hugo Leroy' });
    await userEvent.clear(within(dialog).getByLabelText('Nom'));
    await userEvent.type(within(dialog).getByLabelText('Nom'), 'Hugo L.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enregistré avec succès !');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 50, name: 'Hugo L.' }));
  });
});
