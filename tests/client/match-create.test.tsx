import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateMatchForm, type CreateMatchFormProps } from '../../client/src/components/matches/CreateMatchForm';
import CreateMatchPage from '../../client/src/pages/CreateMatchPage';
import { renderWithProviders, serverError, testUser } from './support/render';
import { aMatch, levelRows, levels, places, schedule } from './support/match-fixtures';

function renderForm(overrides: Partial<CreateMatchFormProps> = {}) {
  const onSubmit = vi.fn();
  render(
    <CreateMatchForm
      places={places}
      levels={levels}
      dates={schedule.createDates}
      times={schedule.createTimes}
      today={schedule.today}
      now={schedule.now}
      limits={{ maxPlaces: 3, maxLevels: 3 }}
      onSubmit={onSubmit}
      onCancel={() => undefined}
      {...overrides}
    />,
  );
  return { onSubmit };
}

const group = (name: string) => screen.getByRole('group', { name });

describe('Create match form', () => {
  afterEach(cleanup);

  it('names every missing choice and sends nothing', async () => {
    const { onSubmit } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));
    expect(screen.getByText('Veuillez sélectionner un lieu')).toBeInTheDocument();
    expect(screen.getByText('Veuillez sélectionner une date')).toBeInTheDocument();
    expect(screen.getByText('Veuillez sélectionner un horaire')).toBeInTheDocument();
    expect(screen.getByText('Veuillez sélectionner au moins un niveau')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for at least one level when everything else is chosen', async () => {
    const { onSubmit } = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Lieu'), 'Urban Padel — Lyon');
    await userEvent.click(within(group('Date')).getByRole('button', { name: 'samedi 21 novembre 2026' }));
    await userEvent.click(within(group('Horaire')).getByRole('button', { name: '18:30' }));
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));
    expect(screen.getByText('Veuillez sélectionner au moins un niveau')).toBeInTheDocument();
    expect(screen.queryByText('Veuillez sélectionner un lieu')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the filled-in match', async () => {
    const { onSubmit } = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Lieu'), 'Urban Padel — Lyon');
    await userEvent.click(screen.getByRole('button', { name: 'dimanche 22 novembre 2026' }));
    await userEvent.click(screen.getByRole('button', { name: '07:30' }));
    await userEvent.click(screen.getByRole('button', { name: '2 places' }));
    await userEvent.click(screen.getByRole('button', { name: /Niveau 2/ }));
    await userEvent.click(screen.getByRole('button', { name: /Niveau 3/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));
    expect(onSubmit).toHaveBeenCalledWith({ placeId: '2', date: '2026-11-22', time: '07:30', slots: 2, levels: ['Niveau 2', 'Niveau 3'] });
  });

  it('offers 1..max_places and stops level chips at max_levels_selection', async () => {
    renderForm({ limits: { maxPlaces: 4, maxLevels: 2 } });
    expect(
      within(group('Nombre de places'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4']);
    await userEvent.click(screen.getByRole('button', { name: /Niveau 1/ }));
    await userEvent.click(screen.getByRole('button', { name: /Niveau 2/ }));
    expect(screen.getByRole('button', { name: /Niveau 3/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Niveau 1/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it("hides today's slots that are already past", async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'vendredi 20 novembre 2026' }));
    const slots = within(group('Horaire'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(slots).toEqual(['10:30', '18:30', '21:30']);
  });

  it('tells the player when no place exists', () => {
    renderForm({ places: [] });
    expect(screen.getByText("Aucun lieu disponible. Contactez l'administrateur.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer le match' })).toBeDisabled();
  });
});

describe('Create match page', () => {
  afterEach(cleanup);
  const user = testUser();
  const base = {
    'matches.schedule': schedule,
    'places.list': places,
    'levels.list': levelRows,
    'settings.get': { max_places: 4, max_levels_selection: 3, months_ahead: 1 },
  };

  async function fillAndSubmit() {
    await userEvent.selectOptions(await screen.findByLabelText('Lieu'), 'Padel Club Lyon — Lyon');
    await userEvent.click(screen.getByRole('button', { name: 'samedi 21 novembre 2026' }));
    await userEvent.click(screen.getByRole('button', { name: '18:30' }));
    await userEvent.click(screen.getByRole('button', { name: /Niveau 4/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));
  }

  it('uses 3 places and shows the settings error when the settings cannot be loaded', async () => {
    renderWithProviders(<CreateMatchPage />, {
      user,
      fixtures: {
        ...base,
        'settings.get': () => {
          throw serverError('boom', 'INTERNAL_SERVER_ERROR', 500);
        },
      },
    });
    expect(await screen.findByText('Erreur lors du chargement des paramètres')).toBeInTheDocument();
    expect(within(await screen.findByRole('group', { name: 'Nombre de places' })).getAllByRole('button')).toHaveLength(3);
  });

  it('shows the success screen, then a fresh form for another match', async () => {
    renderWithProviders(<CreateMatchPage />, {
      user,
      fixtures: { ...base, 'matches.create': (input: { levels: string[] }) => aMatch({ levels: input.levels, created_by: user.id }) },
    });
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Match créé avec succès !' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir tous les matchs' })).toHaveAttribute('href', '/find-match');
    await userEvent.click(screen.getByRole('button', { name: 'Créer un autre match' }));
    expect(await screen.findByLabelText('Lieu')).toHaveValue('');
  });

  it("shows the server's message, else 'Erreur lors de la création du match'", async () => {
    renderWithProviders(<CreateMatchPage />, {
      user,
      fixtures: {
        ...base,
        'matches.create': () => {
          throw serverError('', 'BAD_REQUEST', 400);
        },
      },
    });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la création du match');
  });

  it('Annuler goes to /find-match', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/create-match" element={<CreateMatchPage />} />
        <Route path="/find-match" element={<p>Liste des matchs</p>} />
      </Routes>,
      { user, route: '/create-match', fixtures: base },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(screen.getByText('Liste des matchs')).toBeInTheDocument();
  });
});
