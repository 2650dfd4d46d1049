import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LEVELS } from '../../common/levels';
import { MSG } from '../../common/messages';
import { GENDER_TEXT } from '../../common/messages-court';
import { TABLE_TEXT } from '../../common/messages-season';
import { frenchTypography } from '../../common/typography';
import { STORAGE_KEYS } from '../../client/src/lib/storage';
import ProfilePage from '../../client/src/pages/ProfilePage';
import { preparePhoto, targetSize, type PhotoTools } from '../../client/src/pages/profile/photo';
import type { RouterOutputs } from '../../client/src/lib/trpc';
import { renderWithProviders, serverError, testUser, type Fixtures } from './support/render';

const levels = DEFAULT_LEVELS.map((l, i) => ({ ...l, id: i + 1 }));
/** Camille's record as `results.profile` answers it: one match played, lost. */
const record = (
  o: Partial<RouterOutputs['results']['profile']> = {},
): RouterOutputs['results']['profile'] => ({
  id: 7,
  first_name: 'Camille',
  last_initial: 'M.',
  level: null,
  photo: null,
  played: 1,
  level_provisional: true,
  level_verified: false,
  won: 0,
  win_rate: 0,
  streak: -1,
  favourite_places: [{ place_id: 1, name: 'Padel Club Lyon', count: 1 }],
  partners: [{ user_id: 9, name: 'Bruno P.', count: 1 }],
  last_results: [
    {
      match_id: 42,
      date: '2026-11-20',
      place_name: 'Padel Club Lyon',
      sets: [
        [3, 6],
        [2, 6],
      ],
      won: false,
    },
  ],
  reliability: { percent: null, matches: 1 },
  suggestion: null,
  ...o,
});
const encoded: { width: number; height: number; quality: number }[] = [];
const fakeTools = (width = 1600, height = 1200, fail = false): PhotoTools => ({
  decode: () =>
    fail
      ? Promise.reject(new Error('broken'))
      : Promise.resolve({ source: {} as CanvasImageSource, width, height }),
  encode: (_img, w, h, quality) => {
    encoded.push({ width: w, height: h, quality });
    return `data:image/jpeg;base64,${w}x${h}@${quality}`;
  },
});
const imageFile = (name = 'moi.png', type = 'image/png', size = 2048) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

function renderProfile(fixtures: Fixtures = {}, user = testUser(), tools = fakeTools()) {
  const r = renderWithProviders(
    <ProfilePage preparePhoto={(file) => preparePhoto(file, tools)} />,
    {
      user,
      route: '/profile',
      fixtures: { 'levels.list': levels, 'results.profile': record(), ...fixtures },
    },
  );
  return { ...r, ue: userEvent.setup({ applyAccept: false }) };
}

beforeEach(() => {
  window.localStorage.clear();
  encoded.length = 0;
});
afterEach(cleanup);

describe('Mon Profil — view', () => {
  it('shows name, e-mail, phone, masked PIN, the level progress and tips', async () => {
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Camille Martin' })).toBeInTheDocument();
    expect(screen.getByText('camille@example.fr')).toBeInTheDocument();
    expect(screen.getByText('+33612345678')).toBeInTheDocument();
    expect(screen.getByText('••••')).toBeInTheDocument();
    const bar = await screen.findByRole('progressbar', { name: 'Progression de niveau' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '8');
    expect(screen.getByText('3 / 8')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Conseils' })).toBeInTheDocument();
  });

  it('flags a deleted level, explains it and opens edit mode with the level cleared', async () => {
    const { ue } = renderProfile({}, testUser({ level: 'Niveau 12' }));
    expect(await screen.findByText(MSG.profile.levelGone)).toBeInTheDocument();
    expect(screen.getByLabelText('Niveau')).toHaveValue('');
    await ue.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByText(MSG.profile.levelDeletedBadge)).toBeInTheDocument();
  });
});

describe('Mon Profil — PIN change', () => {
  async function openPin(fixtures: Fixtures = {}) {
    const r = renderProfile(fixtures);
    await r.ue.click(screen.getByRole('button', { name: 'Modifier le code PIN' }));
    return { ...r, dialog: screen.getByRole('dialog', { name: 'Modifier le code PIN' }) };
  }
  async function change(
    ue: ReturnType<typeof userEvent.setup>,
    current: string,
    next: string,
    confirm: string,
  ) {
    for (const label of ['PIN actuel', 'Nouveau PIN', 'Confirmer le nouveau PIN'])
      await ue.clear(screen.getByLabelText(label));
    if (current) await ue.type(screen.getByLabelText('PIN actuel'), current);
    if (next) await ue.type(screen.getByLabelText('Nouveau PIN'), next);
    if (confirm) await ue.type(screen.getByLabelText('Confirmer le nouveau PIN'), confirm);
    await ue.click(screen.getByRole('button', { name: 'Enregistrer' }));
  }

  it('gives every PIN-change message of section 5, in order', async () => {
    const { ue, calls } = await openPin();
    await change(ue, '', '', '');
    expect(await screen.findByText(MSG.auth.pinChangeAllRequired)).toBeInTheDocument();
    await change(ue, '48', '7391', '7391');
    expect(await screen.findByText(MSG.auth.currentPinFormat)).toBeInTheDocument();
    await change(ue, '4826', '73', '73');
    expect(await screen.findByText(MSG.auth.newPinFormat)).toBeInTheDocument();
    await change(ue, '4826', '7391', '7392');
    expect(await screen.findByText(MSG.auth.newPinMismatch)).toBeInTheDocument();
    await change(ue, '4826', '4826', '4826');
    expect(await screen.findByText(MSG.auth.newPinSame)).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'auth.changePin')).toBe(false);
  });

  it("shows the server's refusal, or the fallback", async () => {
    const { ue } = await openPin({
      'auth.changePin': () => Promise.reject(serverError(MSG.auth.currentPinWrong)),
    });
    await change(ue, '4826', '7391', '7391');
    expect(await screen.findByText(MSG.auth.currentPinWrong)).toBeInTheDocument();
    cleanup();
    const again = await openPin({ 'auth.changePin': { success: false, message: '' } });
    await change(again.ue, '4826', '7391', '7391');
    expect(await screen.findByText(MSG.auth.pinChangeFailed)).toBeInTheDocument();
  });

  it('confirms the change, then closes the modal after 1.5 s', async () => {
    const { dialog } = await openPin({
      'auth.changePin': { success: true, message: MSG.auth.pinChanged },
    });
    vi.useFakeTimers();
    try {
      fireEvent.change(screen.getByLabelText('PIN actuel'), { target: { value: '4826' } });
      fireEvent.change(screen.getByLabelText('Nouveau PIN'), { target: { value: '7391' } });
      fireEvent.change(screen.getByLabelText('Confirmer le nouveau PIN'), {
        target: { value: '7391' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(within(dialog).getByText(MSG.auth.pinChanged)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1400));
      expect(dialog).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(dialog).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Mon Profil — edit', () => {
  async function edit(fixtures: Fixtures = {}, tools = fakeTools()) {
    const r = renderProfile(fixtures, testUser(), tools);
    await screen.findByRole('progressbar');
    await r.ue.click(screen.getByRole('button', { name: 'Modifier le profil' }));
    return r;
  }

  it('requires a name and a level', async () => {
    const { ue, calls } = await edit();
    await ue.clear(screen.getByLabelText('Nom'));
    await ue.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MSG.profile.nameAndLevelRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toHaveFocus();
    await ue.type(screen.getByLabelText('Nom'), 'Camille');
    await ue.selectOptions(screen.getByLabelText('Niveau'), '');
    await ue.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MSG.profile.nameAndLevelRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Niveau')).toHaveFocus();
    expect(calls.some((c) => c.path === 'users.update')).toBe(false);
  });

  it('refuses a file that is not an image, or over 5 MB', async () => {
    const { ue } = await edit();
    await ue.upload(
      screen.getByLabelText('Choisir une photo'),
      imageFile('cv.pdf', 'application/pdf'),
    );
    expect(await screen.findByText(MSG.profile.photoNotImage)).toBeInTheDocument();
    await ue.upload(
      screen.getByLabelText('Choisir une photo'),
      imageFile('big.jpg', 'image/jpeg', 6 * 1024 * 1024),
    );
    // French units and a decimal comma, as the server says it (issue 38). The DOM's no-break
    // spaces read as spaces once testing-library normalises the text.
    expect(
      await screen.findByText(
        'La photo est trop grande (6,00 Mo). Veuillez choisir une photo de moins de 5 Mo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/5 Mo maximum/)).toBeInTheDocument();
  });

  it('reports an image that cannot be read', async () => {
    await edit({}, fakeTools(100, 100, true));
    fireEvent.drop(screen.getByTestId('photo-dropzone'), {
      dataTransfer: { files: [imageFile()] },
    });
    expect(await screen.findByText(MSG.profile.photoLoadFailed)).toBeInTheDocument();
  });

  it('saves name, level and the dropped photo; the saved user replaces the stored one', async () => {
    const saved = testUser({
      name: 'Camille Durand',
      level: 'Niveau 5',
      photo: '/api/users/7/photo?v=1',
    });
    const { ue, calls } = await edit({ 'users.update': saved });
    fireEvent.drop(screen.getByTestId('photo-dropzone'), {
      dataTransfer: { files: [imageFile()] },
    });
    expect(await screen.findByRole('img', { name: 'Photo de Camille Martin' })).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,800x600@0.6',
    );
    await ue.clear(screen.getByLabelText('Nom'));
    await ue.type(screen.getByLabelText('Nom'), '  Camille Durand ');
    await ue.selectOptions(screen.getByLabelText('Niveau'), 'Niveau 5');
    // Issue 42: the gender, for « Hommes », « Femmes » and « Mixte » matches.
    const gender = screen.getByLabelText(GENDER_TEXT.profileLabel);
    expect(gender).toHaveValue('');
    expect(
      within(gender)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([GENDER_TEXT.profileNone, 'Homme', 'Femme']);
    await ue.selectOptions(gender, 'Femme');
    await ue.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MSG.profile.updated)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'users.update')?.input).toEqual({
      name: 'Camille Durand',
      level: 'Niveau 5',
      photo: 'data:image/jpeg;base64,800x600@0.6',
      gender: 'femme',
      leaderboard: false,
    });
    expect(screen.getByRole('heading', { name: 'Camille Durand' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      name: 'Camille Durand',
      level: 'Niveau 5',
    });
  });

  it('saves « Apparaître dans les classements » with the profile, off until the player ticks it', async () => {
    const { ue, calls } = await edit({ 'users.update': testUser({ leaderboard: true }) });
    const box = screen.getByRole('checkbox', { name: TABLE_TEXT.optInLabel });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(frenchTypography(TABLE_TEXT.optInHint));
    await ue.click(box);
    expect(box).toBeChecked();
    await ue.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MSG.profile.updated)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'users.update')?.input).toMatchObject({
      name: 'Camille Martin',
      level: 'Niveau 3',
      leaderboard: true,
    });
    // Opened again, the box shows the saved choice.
    await ue.click(screen.getByRole('button', { name: 'Modifier le profil' }));
    expect(screen.getByRole('checkbox', { name: TABLE_TEXT.optInLabel })).toBeChecked();
    await ue.click(screen.getByRole('checkbox', { name: TABLE_TEXT.optInLabel }));
    await ue.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === 'users.update').at(-1)?.input).toMatchObject({
        leaderboard: false,
      }),
    );
  });

  it('shows the fallback when the save fails without a message', async () => {
    const { ue } = await edit({ 'users.update': () => Promise.reject(serverError('')) });
    await ue.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MSG.profile.updateFailed)).toBeInTheDocument();
  });
});

describe('photo preparation', () => {
  it('scales big images to 800 px at JPEG 0.6 and keeps small ones at 0.7', async () => {
    expect(targetSize(1600, 1200)).toEqual({ width: 800, height: 600, resized: true });
    expect(targetSize(900, 3000)).toEqual({ width: 240, height: 800, resized: true });
    expect(targetSize(640, 480)).toEqual({ width: 640, height: 480, resized: false });
    await preparePhoto(imageFile(), fakeTools(640, 480));
    expect(encoded.at(-1)).toEqual({ width: 640, height: 480, quality: 0.7 });
    await preparePhoto(imageFile(), fakeTools(1000, 800));
    expect(encoded.at(-1)).toEqual({ width: 800, height: 640, quality: 0.6 });
  });
});

describe('Mon Profil — results', () => {
  it('shows the player’s figures and history, counts agreed (« 1 match joué », « 0 gagné »), and links to the public page', async () => {
    const { calls } = renderProfile();
    const card = await screen.findByRole('region', { name: 'Mes résultats' });
    await vi.waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(4));
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 match joué', '0 gagné', '0 % de victoires', '1 défaite de suite']);
    expect(calls.find((c) => c.path === 'results.profile')?.input).toEqual({ id: 7 });
    expect(within(card).getByRole('link', { name: 'Voir mon profil public' })).toHaveAttribute(
      'href',
      '/joueurs/7',
    );
    const places = screen.getByRole('region', { name: 'Lieux favoris' });
    expect(within(places).getByText('Padel Club Lyon (1 match)')).toBeInTheDocument();
    const last = screen.getByRole('region', { name: 'Derniers résultats' });
    expect(within(last).getByRole('link', { name: /Padel Club Lyon/ })).toHaveAttribute(
      'href',
      '/matches/42',
    );
  });

  it('puts the plural from 2 on: « 2 matchs joués », « 2 gagnés », « 2 victoires de suite »', async () => {
    renderProfile({
      'results.profile': record({
        played: 2,
        won: 2,
        win_rate: 100,
        streak: 2,
        favourite_places: [{ place_id: 1, name: 'Padel Club Lyon', count: 2 }],
      }),
    });
    const card = await screen.findByRole('region', { name: 'Mes résultats' });
    await vi.waitFor(() =>
      expect(
        within(card)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['2 matchs joués', '2 gagnés', '100 % de victoires', '2 victoires de suite']),
    );
    expect(screen.getByText('Padel Club Lyon (2 matchs)')).toBeInTheDocument();
  });

  it('with no match yet: « 0 match joué », never « 0 matchs »', async () => {
    renderProfile({
      'results.profile': record({
        played: 0,
        won: 0,
        win_rate: null,
        streak: 0,
        favourite_places: [],
        partners: [],
        last_results: [],
      }),
    });
    const card = await screen.findByRole('region', { name: 'Mes résultats' });
    expect(
      await within(card).findByText((_, el) => el?.textContent === '0 match joué'),
    ).toBeVisible();
    expect(screen.getByText('Aucun résultat confirmé pour l’instant.')).toBeInTheDocument();
  });
});
