import { z } from 'zod';
import { levelsProblem } from '../match-rules';
import { MSG } from '../messages';
import { EVENING_TEXT } from '../messages-evenings';
import { ZVisibility } from './room';
import { ZEveningFormat, type TCreateEveningInput } from './evenings';

/** The points per game the form offers (the server takes 4 to 99). */
export const EVENING_POINTS_CHOICES = ['16', '21', '24', '32'] as const;

/** "12", "12,5", "12.50": euros with at most two decimals, 0 to 1 000; blank means no price. */
export function priceCents(text: string): number | null | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(t)) return undefined;
  const cents = Math.round(Number(t) * 100);
  return cents <= 100_000 ? cents : undefined;
}

const intIn = (min: number, max: number, message: string) =>
  z.string().refine((v) => /^\d+$/.test(v.trim()) && +v >= min && +v <= max, message);

/**
 * The create-evening form as the organiser fills it in, in the order it reads: format, place,
 * date, time (not already past today), courts, player cap, points, levels, then the options
 * (visibility, « Compétitif », price, whether the organiser plays, the sit-out rule and, for a
 * Mexicano, how the table pairs).
 * Numbers stay text while typed; `eveningInputOf` turns the checked draft into the server's input.
 */
export const eveningDraftSchema = (maxLevels: number, notAfter?: { date: string; time: string }) =>
  z
    .object({
      format: ZEveningFormat,
      placeId: z.string().min(1, MSG.match.placeRequired),
      date: z.string().min(1, MSG.match.dateRequired),
      time: z.string().min(1, MSG.match.timeRequired),
      courts: z.number().int().min(1, EVENING_TEXT.courtsRange).max(8, EVENING_TEXT.courtsRange),
      maxPlayers: intIn(4, 32, EVENING_TEXT.capRange),
      points: intIn(4, 99, EVENING_TEXT.pointsRange),
      levels: z.array(z.string()).superRefine((levels, ctx) => {
        const message = levelsProblem(levels, maxLevels);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
      visibility: ZVisibility,
      competitive: z.boolean(),
      price: z.string().refine((v) => priceCents(v) !== undefined, EVENING_TEXT.priceRange),
      organiserPlays: z.boolean(),
      sitOutRule: z.enum(['average', 'zero']),
      mexicanoPairing: z.enum(['1-4', '1-3']),
    })
    .superRefine((draft, ctx) => {
      if (notAfter && draft.time && draft.date === notAfter.date && draft.time <= notAfter.time)
        ctx.addIssue({ code: 'custom', message: MSG.match.timePast, path: ['time'] });
    });
export type TEveningDraft = z.infer<ReturnType<typeof eveningDraftSchema>>;

/** The server's create input for a checked draft. */
export const eveningInputOf = (d: TEveningDraft): TCreateEveningInput => ({
  format: d.format,
  place_id: Number(d.placeId),
  date: d.date,
  time: d.time,
  levels: d.levels,
  courts: d.courts,
  max_players: Number(d.maxPlayers),
  points_per_game: Number(d.points),
  visibility: d.visibility,
  competitive: d.competitive,
  price_cents: priceCents(d.price) ?? null,
  organiser_plays: d.organiserPlays,
  sit_out_rule: d.sitOutRule,
  // Only a Mexicano pairs by the table; another format keeps the server's default.
  ...(d.format === 'mexicano' ? { mexicano_pairing: d.mexicanoPairing } : {}),
});
