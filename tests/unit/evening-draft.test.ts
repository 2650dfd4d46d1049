import { describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { EVENING_TEXT } from '../../common/messages-evenings';
import {
  eveningDraftSchema,
  eveningInputOf,
  priceCents,
  type TEveningDraft,
} from '../../common/schemas/evening-draft';
import { ZCreateEveningInput } from '../../common/schemas/evenings';

const DRAFT: TEveningDraft = {
  format: 'mexicano',
  placeId: '3',
  date: '2026-12-03',
  time: '19:00',
  courts: 4,
  maxPlayers: '16',
  points: '24',
  levels: ['Niveau 3'],
  visibility: 'private',
  competitive: true,
  price: '8,50',
  organiserPlays: false,
  sitOutRule: 'zero',
  mexicanoPairing: '1-3',
};

const messages = (draft: TEveningDraft, notAfter?: { date: string; time: string }) => {
  const r = eveningDraftSchema(3, notAfter).safeParse(draft);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the create-evening form', () => {
  it('a price in euros, comma or point, becomes cents; blank is no price', () => {
    expect(priceCents('8,50')).toBe(850);
    expect(priceCents(' 12.5 ')).toBe(1250);
    expect(priceCents('0')).toBe(0);
    expect(priceCents('')).toBeNull();
    for (const wrong of ['-1', '8,505', 'dix', '1000,01', '12 €'])
      expect(priceCents(wrong)).toBeUndefined();
  });

  it('a filled-in draft is what the server takes', () => {
    expect(messages(DRAFT)).toEqual([]);
    const input = eveningInputOf(DRAFT);
    expect(input).toMatchObject({
      format: 'mexicano',
      place_id: 3,
      courts: 4,
      max_players: 16,
      points_per_game: 24,
      price_cents: 850,
      visibility: 'private',
      competitive: true,
      organiser_plays: false,
      sit_out_rule: 'zero',
      mexicano_pairing: '1-3',
    });
    expect(ZCreateEveningInput.safeParse(input).success).toBe(true);
    // The pairing setting is a Mexicano's only: another format does not send it.
    expect(eveningInputOf({ ...DRAFT, format: 'americano' })).not.toHaveProperty(
      'mexicano_pairing',
    );
  });

  it('each wrong field says why, in the server’s own words', () => {
    expect(messages({ ...DRAFT, maxPlayers: '3' })).toEqual([EVENING_TEXT.capRange]);
    expect(messages({ ...DRAFT, maxPlayers: '33' })).toEqual([EVENING_TEXT.capRange]);
    expect(messages({ ...DRAFT, price: '2000' })).toEqual([EVENING_TEXT.priceRange]);
    expect(messages({ ...DRAFT, placeId: '' })).toEqual([MSG.match.placeRequired]);
    expect(messages({ ...DRAFT, levels: [] })).toEqual([MSG.match.levelRequired]);
    expect(messages(DRAFT, { date: DRAFT.date, time: '19:30' })).toEqual([MSG.match.timePast]);
  });
});
