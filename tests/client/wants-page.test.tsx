import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { WANT_TEXT, WANT_UI } from '../../common/messages-wants';
import type { TWant } from '../../common/schemas/wants';
import WantsPage from '../../client/src/pages/WantsPage';
import { renderWithProviders, testUser } from './support/render';
import { levelRows, places } from './support/match-fixtures';

const want = (o: Partial<TWant> = {}): TWant => ({
  id: 3,
  weekdays: [6, 7],
  from: '17:00',
  to: '21:00',
  place_ids: [1],
  places: [{ id: 1, name: 'Padel Club Lyon' }],
  level: null,
  expires_at: '2026-12-20T08:00:00.000Z',
  expired: false,
  ...o,
});

const page = (wants: TWant[], fixtures: Record<string, unknown> = {}) =>
  renderWithProviders(<WantsPage />, {
    user: testUser(),
    fixtures: {
      'wants.list': wants,
      'places.list': places,
      'levels.list': levelRows,
      ...fixtures,
    },
  });

describe('« Mes alertes »', () => {
  afterEach(cleanup);

  it('says what each alert waits for and until when, and renews one in a tap', async () => {
    const { calls } = page([want(), want({ id: 4, expired: true, level: 'Niveau 5' })], {
      'wants.renew': { message: WANT_TEXT.renewed, want: want() },
    });
    const summary = 'sam., dim. · 17:00–21:00 · Padel Club Lyon · Mon niveau';
    expect(await screen.findByText(summary)).toBeInTheDocument();
    expect(screen.getByText(WANT_UI.expires('20 décembre'))).toBeInTheDocument();
    expect(screen.getByText(WANT_UI.expired)).toBeInTheDocument();
    expect(screen.getByText(WANT_UI.count(2, 10))).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', {
        name: WANT_UI.renewLabel('sam., dim. · 17:00–21:00 · Padel Club Lyon · Niveau 5'),
      }),
    );
    expect(await screen.findByText(WANT_TEXT.renewed)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'wants.renew')?.input).toEqual({ id: 4 });
  });

  it('checks a new alert before sending it, then sends the days, window, places and level', async () => {
    const { calls } = page([], { 'wants.create': { message: WANT_TEXT.created, want: want() } });
    expect(await screen.findByText(WANT_UI.empty)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: WANT_UI.add });
    await userEvent.click(within(form).getByRole('button', { name: WANT_UI.save }));
    expect(await within(form).findByText(WANT_TEXT.weekdays)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'samedi' }));
    await userEvent.click(within(form).getByRole('button', { name: 'dimanche' }));
    await userEvent.selectOptions(within(form).getByLabelText(WANT_UI.fromLabel), '20:00');
    await userEvent.selectOptions(within(form).getByLabelText(WANT_UI.toLabel), '19:00');
    await userEvent.click(within(form).getByRole('button', { name: WANT_UI.save }));
    expect(await within(form).findByText(WANT_TEXT.places)).toBeInTheDocument();
    await userEvent.click(within(form).getByLabelText('Padel Club Lyon — Lyon'));
    await userEvent.click(within(form).getByRole('button', { name: WANT_UI.save }));
    expect(await within(form).findByText(WANT_TEXT.windowOrder)).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'wants.create')).toBe(false);
    await userEvent.selectOptions(within(form).getByLabelText(WANT_UI.toLabel), '22:30');
    await userEvent.selectOptions(within(form).getByLabelText(WANT_UI.levelLabel), 'Niveau 4');
    await userEvent.click(within(form).getByRole('button', { name: WANT_UI.save }));
    expect(await screen.findByText(WANT_TEXT.created)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'wants.create')?.input).toEqual({
      weekdays: [6, 7],
      from: '20:00',
      to: '22:30',
      place_ids: [1],
      level: 'Niveau 4',
    });
  });
});
