import type {
  LevelView,
  MatchView,
  MyMatchView,
} from '../../../client/src/components/matches/types';

/** Plain data the match screens are rendered from in component tests. */
export const levels: LevelView[] = [
  { niveau: 'Niveau 1', label: 'Découverte', couleur: '#4CAF50', ordre: 1, description: '' },
  { niveau: 'Niveau 2', label: 'Initié', couleur: '#8BC34A', ordre: 2, description: '' },
  { niveau: 'Niveau 3', label: 'Intermédiaire bas', couleur: '#CDDC39', ordre: 3, description: '' },
  {
    niveau: 'Niveau 4',
    label: 'Intermédiaire confirmé',
    couleur: '#FFC107',
    ordre: 4,
    description: '',
  },
  { niveau: 'Niveau 7', label: 'Compétiteur', couleur: '#E91E63', ordre: 7, description: '' },
];

export const levelRows = levels.map((l, i) => ({ id: i + 1, description: '', ...l }));

export const places = [
  {
    id: 1,
    name: 'Padel Club Lyon',
    address: '12 rue des Sports',
    city: 'Lyon',
    is_active: true,
    booking_url: 'https://playtomic.io/padel-club-lyon',
    indoor: true,
  },
  {
    id: 2,
    name: 'Urban Padel',
    address: '3 quai Perrache',
    city: 'Lyon',
    is_active: true,
    booking_url: null,
    indoor: null,
  },
];

let nextId = 100;
export function aMatch(overrides: Partial<MatchView> = {}): MatchView {
  return {
    id: nextId++,
    place_id: 1,
    place_name: 'Padel Club Lyon',
    address: '12 rue des Sports',
    city: 'Lyon',
    date: '2026-11-21',
    time: '18:30',
    levels: ['Niveau 3', 'Niveau 4'],
    slots: 3,
    missing_players: 2,
    created_by: 42,
    creator_name: 'Julie Bernard',
    participants: [{ user_id: 43 }],
    open_levels: false,
    my_request: null,
    kind: 'amical',
    gender: 'ouvert',
    ...overrides,
  };
}

export function aMyMatch(overrides: Partial<MyMatchView> = {}): MyMatchView {
  return { ...aMatch(), is_creator: false, is_finished: false, ...overrides };
}

export const schedule = {
  timezone: 'Europe/Paris',
  today: '2026-11-20',
  now: '10:05',
  createDates: ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'],
  createTimes: ['07:00', '07:30', '10:00', '10:30', '18:30', '21:30'],
  editDates: ['2026-11-20', '2026-11-21', '2026-11-22'],
  editTimes: ['08:00', '08:30', '18:30', '21:30'],
};

/** The match room's fields of a public match with no guests and no request (issue 25). */
export const publicRoom = {
  visibility: 'public' as const,
  open_levels: false,
  share_token: null,
  guests: [],
  requests: [],
  my_request: null,
  my_removal: null,
  refill_offered: null,
};

/**
 * The match page's issue-42 fields of an « Amical », « Ouvert » match with no price and no booking
 * link, as a stranger or a player sees it before anyone books or pays.
 */
export const plainCourt = {
  kind: 'amical' as const,
  gender: 'ouvert' as const,
  booking_url: null,
  price_cents: null,
  court: null,
  payments: [],
  open_to: ['homme' as const, 'femme' as const],
};
