import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENING_UI } from '../../common/messages-evenings';
import CreateMatchPage from '../../client/src/pages/CreateMatchPage';
import { renderWithProviders, testUser } from './support/render';
import { levelRows, places, schedule } from './support/match-fixtures';

const base = {
  'matches.schedule': schedule,
  'places.list': places,
  'levels.list': levelRows,
  'settings.get': { max_places: 4, max_levels_selection: 3, months_ahead: 1 },
};

const radios = (name: string) => screen.getByRole('radiogroup', { name });

describe('« Créer une soirée pour le groupe »', () => {
  afterEach(cleanup);

  it('opens the evening form for the group, offers the Mexicano pairing, and sends the rules picked', async () => {
    const { calls } = renderWithProviders(<CreateMatchPage />, {
      route: '/create-match?soiree=1&groupe=3',
      user: testUser(),
      fixtures: {
        ...base,
        'groups.byId': { id: 3, name: 'Les jeudis' },
        'evenings.create': { id: 40 },
      },
    });
    await screen.findByRole('heading', { level: 1, name: EVENING_UI.createTitle });
    expect(await screen.findByText(EVENING_UI.forGroup('Les jeudis'))).toBeInTheDocument();
    // The pairing is a Mexicano's only; the sit-out rule is every format's.
    expect(screen.queryByRole('radiogroup', { name: EVENING_UI.pairingLabel })).toBeNull();
    expect(
      within(radios(EVENING_UI.sitOutLabel)).getByRole('radio', {
        name: EVENING_UI.sitOutRules.average,
      }),
    ).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(
      within(radios(EVENING_UI.formatLabel)).getByRole('radio', { name: 'Mexicano' }),
    );
    await userEvent.click(
      within(radios(EVENING_UI.pairingLabel)).getByRole('radio', {
        name: EVENING_UI.pairings['1-3'],
      }),
    );
    await userEvent.click(
      within(radios(EVENING_UI.sitOutLabel)).getByRole('radio', {
        name: EVENING_UI.sitOutRules.zero,
      }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Lieu'), 'Padel Club Lyon — Lyon');
    await userEvent.click(screen.getByRole('radio', { name: 'samedi 21 novembre 2026' }));
    await userEvent.click(screen.getByRole('radio', { name: '18:30' }));
    await userEvent.click(screen.getByRole('button', { name: /Niveau 4/ }));
    await userEvent.click(screen.getByRole('button', { name: EVENING_UI.submit }));
    await expect
      .poll(() => calls.find((c) => c.path === 'evenings.create')?.input)
      .toMatchObject({
        format: 'mexicano',
        group_id: 3,
        mexicano_pairing: '1-3',
        sit_out_rule: 'zero',
        place_id: 1,
        date: '2026-11-21',
        time: '18:30',
      });
  });

  it('is a plain « Créer » without the link: a match first, no group', async () => {
    renderWithProviders(<CreateMatchPage />, { user: testUser(), fixtures: base });
    await screen.findByRole('heading', { level: 1, name: 'Créer un match' });
    expect(screen.queryByText(/Soirée du groupe/)).toBeNull();
  });
});
