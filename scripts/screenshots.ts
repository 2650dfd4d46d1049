// `npm run screenshots`: every screen of the client at 390×844 and 1280×800, taken with Chromium
// against the real server on a fresh database filled with demo-like data through the API, saved as
// docs/screenshots/<screen>-<mobile|desktop>.png (viewport only, to keep the files small).
// `npm run screenshots -- --narrow` adds the smallest phone we support (360×740) into
// test-artifacts/screenshots-360/, to look at, not to keep.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { MSG } from '../common/messages';
import { ADMIN_EMAIL, apiClient, loginInContext, type TestPlayer } from '../tests/support/e2e-app';
import {
  DESKTOP,
  MOBILE,
  browserStatus,
  ensureClientBuilt,
  launchBrowser,
} from '../tests/support/e2e-browser';
import { ROOT, startServerProcess, type ServerProcess } from '../tests/support/server-process';
import { startSmtpServer, type SmtpTestServer } from '../tests/support/smtp';

const DOCS = join(ROOT, 'docs', 'screenshots');
const NARROW_OUT = join(ROOT, 'test-artifacts', 'screenshots-360');
type Viewport = { name: 'narrow' | 'mobile' | 'desktop'; options: BrowserContextOptions };
const VIEWPORTS: Viewport[] = [
  { name: 'mobile', options: MOBILE },
  { name: 'desktop', options: DESKTOP },
  ...(process.argv.includes('--narrow')
    ? [{ name: 'narrow', options: { ...MOBILE, viewport: { width: 360, height: 740 } } } as const]
    : []),
];
const outOf = (viewport: string) => (viewport === 'narrow' ? NARROW_OUT : DOCS);

async function register(
  baseUrl: string,
  smtp: SmtpTestServer,
  p: { name: string; email: string; phone: string; pin: string },
): Promise<TestPlayer> {
  const api = apiClient(baseUrl);
  await api.auth.sendOtpEmail.mutate({ email: p.email });
  const code = await smtp.codeFor(p.email);
  await api.auth.verifyOtpEmail.mutate({ email: p.email, code });
  const r = await api.auth.register.mutate({ ...p, confirmPin: p.pin });
  return {
    ...p,
    id: r.user.id,
    token: r.token,
    isAdmin: r.user.is_admin,
    api: apiClient(baseUrl, r.token),
  };
}

/** A round avatar drawn by Chromium (a gradient and initials), as a JPEG data URL. */
async function avatar(
  browser: Browser,
  initials: string,
  from: string,
  to: string,
): Promise<string> {
  const page = await browser.newPage();
  const url = await page.evaluate(
    ([text, a, b]) => {
      const c = document.createElement('canvas');
      c.width = c.height = 320;
      const g = c.getContext('2d');
      if (!g) return '';
      const grad = g.createLinearGradient(0, 0, 320, 320);
      grad.addColorStop(0, a);
      grad.addColorStop(1, b);
      g.fillStyle = grad;
      g.fillRect(0, 0, 320, 320);
      g.fillStyle = '#ffffff';
      g.font = 'bold 130px sans-serif';
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(text, 160, 170);
      return c.toDataURL('image/jpeg', 0.8);
    },
    [initials, from, to] as const,
  );
  await page.close();
  return url;
}

/** Places, players with levels, and upcoming matches (some joined, one full), through the API. */
async function seed(baseUrl: string, smtp: SmtpTestServer, browser: Browser) {
  const admin = await register(baseUrl, smtp, {
    name: 'Sophie Admin',
    email: ADMIN_EMAIL,
    phone: '0611223344',
    pin: '1357',
  });
  const places: { id: number }[] = [];
  for (const p of [
    { name: 'Padel Club Lyon Confluence', address: '12 quai Perrache', city: 'Lyon' },
    {
      name: 'Urban Padel Villeurbanne',
      address: '48 rue Francis de Pressensé',
      city: 'Villeurbanne',
    },
    { name: 'Le Garden Padel', address: '5 chemin des Vignes', city: 'Écully' },
    { name: 'Padel Arena Bron', address: '210 avenue Franklin Roosevelt', city: 'Bron' },
  ]) {
    places.push(await admin.api.admin.places.create.mutate({ ...p, is_active: true }));
  }
  const camille = await register(baseUrl, smtp, {
    name: 'Camille Martin',
    email: 'camille.martin@exemple.fr',
    phone: '0612345678',
    pin: '4827',
  });
  const others = [];
  for (const p of [
    { name: 'Lucas Bernard', email: 'lucas.bernard@exemple.fr', phone: '0623456789', pin: '5938' },
    { name: 'Inès Dubois', email: 'ines.dubois@exemple.fr', phone: '0634567890', pin: '6049' },
    { name: 'Hugo Moreau', email: 'hugo.moreau@exemple.fr', phone: '0645678901', pin: '7150' },
    { name: 'Léa Petit', email: 'lea.petit@exemple.fr', phone: '0656789012', pin: '8261' },
  ]) {
    others.push(await register(baseUrl, smtp, p));
  }
  const [lucas, ines, hugo, lea] = others as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];
  await camille.api.users.update.mutate({
    name: camille.name,
    level: 'Niveau 4',
    photo: await avatar(browser, 'CM', '#0f766e', '#38bdf8'),
  });
  await admin.api.users.update.mutate({ name: admin.name, level: 'Niveau 6' });
  for (const [p, level] of [
    [lucas, 'Niveau 3'],
    [ines, 'Niveau 5'],
    [hugo, 'Niveau 4'],
    [lea, 'Niveau 2'],
  ] as const) {
    await p.api.users.update.mutate({ name: p.name, level });
  }
  const schedule = await camille.api.matches.schedule.query();
  const day = (n: number) => schedule.createDates[Math.min(n, schedule.createDates.length - 1)]!;
  const place = (i: number) => places[i % places.length]!.id;
  const create = (
    who: TestPlayer,
    o: { d: number; time: string; p: number; levels: string[]; slots: number },
  ) =>
    who.api.matches.create.mutate({
      place_id: place(o.p),
      date: day(o.d),
      time: o.time,
      levels: o.levels,
      slots: o.slots,
    });

  const m1 = await create(camille, {
    d: 1,
    time: '18:30',
    p: 0,
    levels: ['Niveau 3', 'Niveau 4'],
    slots: 3,
  });
  const m2 = await create(lucas, { d: 2, time: '19:00', p: 1, levels: ['Niveau 3'], slots: 2 });
  const m3 = await create(ines, {
    d: 3,
    time: '10:00',
    p: 2,
    levels: ['Niveau 4', 'Niveau 5', 'Niveau 6'],
    slots: 3,
  });
  const m4 = await create(hugo, { d: 4, time: '20:30', p: 3, levels: ['Niveau 2'], slots: 1 });
  await create(lea, { d: 6, time: '12:00', p: 0, levels: ['Niveau 1', 'Niveau 2'], slots: 3 });
  await create(camille, { d: 8, time: '09:30', p: 2, levels: ['Niveau 4'], slots: 2 });
  await lucas.api.matches.join.mutate({ id: m1.id });
  await ines.api.matches.join.mutate({ id: m1.id });
  await camille.api.matches.join.mutate({ id: m2.id });
  await camille.api.matches.join.mutate({ id: m3.id });
  await lea.api.matches.join.mutate({ id: m4.id });
  await lucas.api.chat.post.mutate({ id: m1.id, text: 'Salut ! Je prends les balles neuves.' });
  await ines.api.chat.post.mutate({
    id: m1.id,
    text: 'Parfait, à samedi. Je serai là 10 min avant.',
  });

  const group = await camille.api.groups.create.mutate({
    name: 'Padel du jeudi',
    description: 'Les habitués du jeudi soir à Confluence.',
  });
  const { invite_token } = await camille.api.groups.byId.query({ id: group.id });
  for (const p of [lucas, ines, hugo]) await p.api.groups.join.mutate({ token: invite_token });
  await lucas.api.chat.post.mutate({
    id: group.id,
    room: 'group',
    text: 'Qui est partant pour jeudi prochain ?',
  });
  const poll = await camille.api.groups.createPoll.mutate({
    id: group.id,
    slots: [
      { place_id: place(0), date: day(5), time: '19:00' },
      { place_id: place(0), date: day(6), time: '20:30' },
    ],
    closes_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  const first = (await camille.api.groups.poll.query({ id: poll.id })).slots[0]!.id;
  await lucas.api.groups.answerPoll.mutate({ id: poll.id, answers: { [first]: 'oui' } });
  await ines.api.groups.answerPoll.mutate({ id: poll.id, answers: { [first]: 'peut-être' } });
  return { admin, camille, matchId: m1.id, groupId: group.id, pollId: poll.id };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
}

/** Saves the viewport; from the top of the page unless `scrolled` (the shot is of something further down). */
async function shoot(page: Page, screen: string, viewport: string, scrolled = false) {
  if (!scrolled) await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  const path = join(outOf(viewport), `${screen}-${viewport}.png`);
  await page.screenshot({ path });
  console.log(`  ${path.slice(ROOT.length)}`);
}

async function main() {
  const status = browserStatus();
  if (!status.available) throw new Error(status.reason);
  for (const { name } of VIEWPORTS) mkdirSync(outOf(name), { recursive: true });
  const smtp = await startSmtpServer();
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    ensureClientBuilt();
    server = await startServerProcess({
      env: { SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL },
    });
    browser = await launchBrowser();
    const baseUrl = server.url;
    const { admin, camille, matchId, groupId, pollId } = await seed(baseUrl, smtp, browser);
    console.log(`Screenshots from ${baseUrl} into ${DOCS.slice(ROOT.length)}/`);

    for (const { name: vp, options } of VIEWPORTS) {
      const open = async (): Promise<{ context: BrowserContext; page: Page }> => {
        const context = await browser!.newContext({
          ...options,
          baseURL: baseUrl,
          locale: 'fr-FR',
          timezoneId: 'Europe/Paris',
          reducedMotion: 'reduce',
        });
        return { context, page: await context.newPage() };
      };

      // Logged out: the authentication steps.
      {
        const { context, page } = await open();
        await page.goto('/find-match');
        await page.getByRole('heading', { name: 'Créer un compte' }).waitFor();
        await page.getByLabel('Nom complet').fill('Nicolas Laurent');
        await page.getByLabel('Email').fill(`nicolas.${vp}@exemple.fr`);
        await page
          .getByLabel('Numéro de téléphone')
          .fill(vp === 'mobile' ? '0678901234' : '0689012345');
        await shoot(page, 'auth-register', vp);
        await page.getByRole('button', { name: 'Continuer' }).click();
        await page.getByRole('heading', { name: 'Vérifiez votre email' }).waitFor();
        await shoot(page, 'auth-otp-email', vp);
        await context.close();
      }
      {
        const { context, page } = await open();
        await page.goto('/find-match');
        await page.getByRole('button', { name: "J'ai déjà un compte" }).click();
        await page.getByRole('heading', { name: 'Connexion' }).waitFor();
        await page.getByLabel('Email').fill(camille.email);
        await shoot(page, 'auth-login', vp);
        await context.close();
      }

      // A player.
      {
        const { context, page } = await open();
        await loginInContext(context, page, camille, '/');
        await page.getByRole('heading', { level: 1, name: /Bonjour/ }).waitFor();
        await shoot(page, 'home', vp);
        for (const [path, screen, title] of [
          ['/find-match', 'find-match', 'Trouver un match'],
          ['/create-match', 'create-match', 'Créer un match'],
          ['/my-matches', 'my-matches', 'Mes matchs'],
          ['/profile', 'profile', 'Mon Profil'],
        ] as const) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          if (screen === 'create-match') {
            await page.getByLabel('Lieu').selectOption({ index: 1 });
            await page
              .getByRole('radiogroup', { name: 'Jours disponibles' })
              .getByRole('radio')
              .nth(2)
              .click();
            await page.getByRole('radio', { name: '19:00', exact: true }).click();
            await page.getByRole('button', { name: /^Niveau 4\b/ }).click();
          }
          if (screen === 'my-matches') {
            await page
              .getByRole('button', { name: /^Participants/ })
              .first()
              .click();
            await page.getByLabel('Participants', { exact: true }).first().waitFor();
          }
          await shoot(page, screen, vp);
        }
        // The participants panel of the first match, scrolled into view.
        await page.goto('/my-matches');
        await page
          .getByRole('button', { name: /^Participants/ })
          .first()
          .click();
        const panel = page.getByLabel('Participants', { exact: true }).first();
        await panel.getByRole('listitem').nth(1).waitFor();
        await panel.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await shoot(page, 'my-matches-participants', vp, true);
        // A match for other levels is asked for (issue 25): its card opens the request.
        await page.goto('/find-match');
        const setLevel = async (level: string) => {
          await page
            .getByRole('group', { name: 'Filtres' })
            .getByRole('button', { name: /^Filtres/ })
            .click();
          const sheet = page.getByRole('dialog', { name: 'Filtres' });
          await sheet.getByLabel('Niveau', { exact: true }).selectOption(level);
          await sheet.getByRole('button', { name: 'Voir les matchs' }).click();
        };
        await setLevel('');
        const other = page.getByRole('article').filter({ hasText: 'Niveau 1' }).first();
        await other.getByRole('button', { name: MSG.room.requestButton }).click();
        const request = page.getByRole('dialog', { name: MSG.room.requestTitle });
        await request.waitFor();
        await shoot(page, 'find-match-request', vp, true);
        await request.getByRole('button', { name: 'Annuler' }).click();
        await setLevel('Niveau 4');
        if (vp === 'mobile') {
          await page.goto('/find-match');
          await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
          await page.getByRole('dialog', { name: 'Menu' }).waitFor();
          await shoot(page, 'mobile-menu', vp);
        }
        await page.goto('/aide');
        await page.getByRole('heading', { level: 1, name: 'Aide' }).waitFor();
        await shoot(page, 'help', vp);
        // The match page, then its chat further down.
        await page.goto(`/matches/${matchId}`);
        await page.getByText('Je prends les balles neuves').waitFor();
        await shoot(page, 'match-page', vp);
        await page.getByRole('button', { name: 'Envoyer' }).scrollIntoViewIfNeeded();
        await shoot(page, 'match-chat', vp, true);
        // Groups: the list, a group's page, a poll.
        await page.goto('/groups');
        await page.getByText('Padel du jeudi').first().waitFor();
        await shoot(page, 'groups', vp);
        await page.goto(`/groups/${groupId}`);
        await page.getByRole('heading', { level: 1, name: 'Padel du jeudi' }).waitFor();
        await shoot(page, 'group-page', vp);
        await page.goto(`/polls/${pollId}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shoot(page, 'poll', vp);
        await page.goto('/admin');
        await page.getByRole('heading', { level: 1, name: 'Accès refusé' }).waitFor();
        await shoot(page, 'admin-access-denied', vp);
        await context.close();
      }

      // The admin.
      {
        const { context, page } = await open();
        await loginInContext(context, page, admin, '/admin');
        for (const [tab, screen] of [
          ['Tableau de bord', 'admin-dashboard'],
          ['Lieux', 'admin-places'],
          ['Niveaux', 'admin-levels'],
          ['Twilio (SMS)', 'admin-twilio'],
          ['SMTP', 'admin-smtp'],
          ['Utilisateurs', 'admin-users'],
          ['Paramètres', 'admin-settings'],
          ['Historique', 'admin-history'],
          ['Résultats', 'admin-results'],
          ['Notifications', 'admin-notifications'],
          ['API', 'admin-api'],
        ] as const) {
          await page.getByRole('tab', { name: tab, exact: true }).click();
          await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
          await shoot(page, screen, vp);
        }
        await context.close();
      }
    }
    await writeIndex();
  } finally {
    await browser?.close();
    await server?.stop();
    await smtp.close();
  }
}

/** docs/screenshots.md: its table lists every file of docs/screenshots/, so it cannot drift. */
async function writeIndex() {
  const screens = new Map<string, Set<string>>();
  for (const file of readdirSync(DOCS)) {
    const m = /^(.+)-(mobile|desktop)\.png$/.exec(file);
    if (m) screens.set(m[1]!, (screens.get(m[1]!) ?? new Set()).add(m[2]!));
  }
  const cell = (screen: string, vp: string, size: string) =>
    screens.get(screen)?.has(vp) ? `[${size}](screenshots/${screen}-${vp}.png)` : '';
  const rows = [...screens.keys()]
    .sort()
    .map((s) => `| ${s} | ${cell(s, 'mobile', '390×844')} | ${cell(s, 'desktop', '1280×800')} |`);
  const path = join(ROOT, 'docs', 'screenshots.md');
  const text = [
    '# Screenshots',
    '',
    'Each screen at 390×844 and 1280×800, taken in Chromium by `npm run screenshots`',
    '(`scripts/screenshots.ts`: a fresh server with sample places, players, matches, a chat, a group',
    'and a poll) into `docs/screenshots/`; the script writes this table from the files there.',
    '`npm run screenshots -- --narrow` also takes every screen at 360×740 into',
    '`test-artifacts/screenshots-360/` (not kept). Not captured: a match with a result (a match in',
    'the past cannot be made through the app; `tests/e2e/journeys/results.spec.ts` keeps its shots).',
    '',
    '| screen | mobile | desktop |',
    '| --- | --- | --- |',
    ...rows,
    '',
    '![Home](screenshots/home-desktop.png)',
    '',
  ].join('\n');
  // Formatted as `npm run lint` expects it (prettier aligns the table).
  writeFileSync(path, await format(text, { ...(await resolveConfig(path)), filepath: path }));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
