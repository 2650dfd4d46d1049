import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CreateMatchForm,
  type CreateMatchFormProps,
} from '../../client/src/components/matches/CreateMatchForm';
import CreateMatchPage from '../../client/src/pages/CreateMatchPage';
import { networkError, renderWithProviders, serverError, testUser } from './support/render';
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
    await userEvent.click(
      within(group('Date')).getByRole('radio', { name: 'samedi 21 novembre 2026' }),
    );
    await userEvent.click(within(group('Horaire')).getByRole('radio', { name: '18:30' }));
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));
    expect(screen.getByText('Veuillez sélectionner au moins un niveau')).toBeInTheDocument();
    expect(screen.queryByText('Veuillez sélectionner un lieu')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the filled-in match', async () => {
    const { onSubmit } = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Lieu'), 'Urban Padel — Lyon');
    await userEvent.click(screen.getByRole('radio', { name: 'dimanche 22 novembre 2026' }));
    await userEvent.click(screen.getByRole('radio', { name: '07:30' }));
    await userEvent.click(screen.getByRole('button', { name: '2 places' }));
    await userEvent.click(screen.getByRole('button', { name: /Niveau 2/ }));
    await userEvent.click(screen.getByRole('button', { name: /Niveau 3/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));
    expect(onSubmit).toHaveBeenCalledWith({
      placeId: '2',
      date: '2026-11-22',
      time: '07:30',
      slots: 2,
      levels: ['Niveau 2', 'Niveau 3'],
    });
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
    expect(screen.getByRole('button', { name: /Niveau 1/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('the day strip and the time slots are one tab stop each; arrow keys move the choice', async () => {
    renderForm();
    const days = screen.getByRole('radiogroup', { name: 'Jours disponibles' });
    const slots = screen.getByRole('radiogroup', { name: 'Horaires disponibles' });
    const tabbable = (g: HTMLElement) =>
      within(g)
        .getAllByRole('radio')
        .filter((r) => r.tabIndex === 0);
    expect(tabbable(days)).toHaveLength(1);
    expect(tabbable(slots)).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText('Lieu'), 'Urban Padel — Lyon');
    await userEvent.tab();
    expect(document.activeElement).toBe(tabbable(days)[0]);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const third = within(days).getAllByRole('radio')[2]!;
    expect(document.activeElement).toBe(third);
    expect(third).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(days).getAllByRole('radio')[1]).toHaveAttribute('aria-checked', 'true');
    await userEvent.tab();
    expect(document.activeElement).toBe(tabbable(slots)[0]);
    await userEvent.keyboard('{End}');
    expect(within(slots).getAllByRole('radio').at(-1)).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(within(slots).getAllByRole('radio')[0]).toHaveAttribute('aria-checked', 'true');
  });

  it("hides today's slots that are already past", async () => {
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'vendredi 20 novembre 2026' }));
    const slots = within(group('Horaire'))
      .getAllByRole('radio')
      .map((b) => b.textContent);
    expect(slots).toEqual(['10:30', '18:30', '21:30']);
  });

  it('tells the player when no place exists', () => {
    renderForm({ places: [] });
    expect(
      screen.getByText("Aucun lieu disponible. Contactez l'administrateur."),
    ).toBeInTheDocument();
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
    await userEvent.click(screen.getByRole('radio', { name: 'samedi 21 novembre 2026' }));
    await userEvent.click(screen.getByRole('radio', { name: '18:30' }));
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
    expect(
      within(await screen.findByRole('group', { name: 'Nombre de places' })).getAllByRole('button'),
    ).toHaveLength(3);
  });

  it('shows the success screen, then a fresh form for another match', async () => {
    renderWithProviders(<CreateMatchPage />, {
      user,
      fixtures: {
        ...base,
        'matches.create': (input: { levels: string[] }) =>
          aMatch({ levels: input.levels, created_by: user.id }),
      },
    });
    await fillAndSubmit();
    expect(
      await screen.findByRole('heading', { name: 'Match créé avec succès !' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir tous les matchs' })).toHaveAttribute(
      'href',
      '/find-match',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Créer un autre match' }));
    expect(await screen.findByLabelText('Lieu')).toHaveValue('');
  });

  it('the success screen leads to the match page: "Voir le match" links /matches/:id', async () => {
    const created = aMatch({ id: 42, levels: ['Niveau 3'], created_by: user.id });
    renderWithProviders(<CreateMatchPage />, {
      user,
      fixtures: { ...base, 'matches.create': () => created },
    });
    await fillAndSubmit();
    await screen.findByRole('heading', { name: 'Match créé avec succès !' });
    expect(screen.getByRole('link', { name: 'Voir le match' })).toHaveAttribute(
      'href',
      '/matches/42',
    );
  });

  it('the success screen offers "Partager": the share sheet, else the /m/:id link copied', async () => {
    const ue = userEvent.setup();
    const created = aMatch({ id: 42, levels: ['Niveau 3'], created_by: user.id });
    renderWithProviders(<CreateMatchPage />, {
      user,
      fixtures: { ...base, 'matches.create': () => created },
    });
    await fillAndSubmit();
    await screen.findByRole('heading', { name: 'Match créé avec succès !' });
    await ue.click(screen.getByRole('button', { name: 'Partager' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/m/42`);
    expect(
      await screen.findByText('Lien du match copié : collez-le dans votre groupe.'),
    ).toBeInTheDocument();

    const share = vi.fn((_data: ShareData) => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await ue.click(screen.getByRole('button', { name: 'Partager' }));
      const sent = share.mock.calls[0]?.[0];
      expect(sent?.url).toBe(`${window.location.origin}/m/42`);
      expect(sent?.text).toContain(created.place_name);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la création du match',
    );
  });

  it('a double click on "Créer le match" sends one create, with a key that a retry after an error sends again', async () => {
    let answer: (() => void) | undefined;
    let fail = true;
    const { calls } = renderWithProviders(<CreateMatchPage />, {
      user,
      fixtures: {
        ...base,
        'matches.create': (input: { levels: string[] }) =>
          new Promise((resolve, reject) => {
            answer = () =>
              fail
                ? reject(networkError())
                : resolve(aMatch({ levels: input.levels, created_by: user.id }));
          }),
      },
    });
    await fillAndSubmit();
    await userEvent.dblClick(screen.getByRole('button', { name: 'Créer le match' }));
    const creates = () => calls.filter((c) => c.path === 'matches.create');
    expect(creates()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Créer le match' })).toBeDisabled();
    answer?.();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de connexion');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Créer le match' }));
    answer?.();
    expect(
      await screen.findByRole('heading', { name: 'Match créé avec succès !' }),
    ).toBeInTheDocument();
    const [first, retry] = creates().map(
      (c) => (c.input as { idempotencyKey: string }).idempotencyKey,
    );
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    // Another match, another key.
    await userEvent.click(screen.getByRole('button', { name: 'Créer un autre match' }));
    await fillAndSubmit();
    answer?.();
    await screen.findByRole('heading', { name: 'Match créé avec succès !' });
    expect((creates()[2]!.input as { idempotencyKey: string }).idempotencyKey).not.toBe(first);
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
