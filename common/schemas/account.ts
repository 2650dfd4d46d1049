/** The player's own data: the export ("Télécharger mes données") and the account deletion. */
import { z } from 'zod';
import { ZPlayerGender } from './court';
import { LEVEL_VERDICTS } from '../messages-season';
import { ZNotificationPreferences } from './notification-preferences';
import { ZGroupsExport } from './groups';
import { MSG } from '../messages';
import { isPinFormat } from '../pin';
import { ZMatch } from './matches';
import { ZId } from './primitives';
import { ZUser } from './users';

export const ZExportInput = z.object({ id: ZId });

/** Deleting one's account is confirmed with the PIN, checked like a login (and throttled like one). */
export const ZDeleteAccountInput = z.object({
  id: ZId,
  pin: z
    .string({ error: MSG.auth.pinRequired })
    .min(1, MSG.auth.pinRequired)
    .refine((p) => isPinFormat(p), MSG.auth.pinFormat),
});
export type TDeleteAccountInput = z.infer<typeof ZDeleteAccountInput>;

/** Legacy `DELETE /users/{id}` body. */
export const ZDeleteAccountBody = ZDeleteAccountInput.pick({ pin: true });

const ZIso = z.string();
/** A match as the export lists it: the card's fields, the place by name. */
const ZMatchSummary = z.object({
  ...ZMatch.pick({ id: true }).shape,
  place: z.string(),
  ...ZMatch.pick({
    city: true,
    date: true,
    time: true,
    levels: true,
    slots: true,
    missing_players: true,
  }).shape,
});

/**
 * Everything stored about a player, and nothing about anyone else: other players of their matches
 * are counted, never named. The PIN hash, session token hashes and OTP code hashes are left out:
 * they are secrets, not information about the player.
 */
export const ZAccountExport = z.object({
  exported_at: ZIso,
  account: ZUser.pick({
    id: true,
    name: true,
    email: true,
    phone: true,
    level: true,
    is_admin: true,
  }).extend({
    created_at: ZIso,
    updated_at: ZIso,
  }),
  photo: z.object({ mime: z.string(), updated_at: ZIso, data_url: z.string() }).nullable(),
  preferences: z.object({
    level: z.string().nullable(),
    notify_email: z.boolean(),
    notify_sms: z.boolean(),
    /** Channels, types and quiet hours (issue 41). */
    notifications: ZNotificationPreferences,
    /** For gender-ruled matches (issue 42): never shown to others. */
    gender: ZPlayerGender.nullable(),
    /** « Apparaître dans les classements » (issue 43). */
    leaderboard: z.boolean(),
  }),
  /** Court marks and paid shares (issue 42): recorded between players, never charged. */
  court_and_cost: z.object({
    courts_booked: z.array(z.object({ match_id: z.number(), booked_at: ZIso })),
    payments: z.array(z.object({ match_id: z.number(), marked_by_me: z.boolean(), paid_at: ZIso })),
  }),
  /** Games of padel evenings played or scored (server/services/evenings/export.ts). */
  evening_games: z.array(
    z.object({
      evening_id: z.number(),
      round: z.number(),
      court: z.number(),
      played: z.boolean(),
      score: z.array(z.number()).nullable(),
      scored_by_me: z.boolean(),
      scored_at: ZIso.nullable(),
    }),
  ),
  /** « Je veux jouer » alerts and the matches they offered (server/services/wants/alerts.ts). */
  wants: z.object({
    alerts: z.array(
      z.object({
        weekdays: z.array(z.number()),
        from: z.string(),
        to: z.string(),
        place_ids: z.array(z.number()),
        level: z.string().nullable(),
        expires_at: ZIso,
        created_at: ZIso,
      }),
    ),
    offered: z.array(z.object({ match_id: z.number(), status: z.string(), at: ZIso })),
  }),
  /** Results, rating and reliability (server/services/results/export.ts). */
  results: z.object({
    rating: z
      .object({
        rating: z.number(),
        rd: z.number(),
        suggested_level: z.string().nullable(),
        in_a_row: z.number(),
      })
      .nullable(),
    rating_history: z.array(
      z.object({ match_id: z.number().nullable(), rating: z.number(), at: ZIso }),
    ),
    results: z.array(
      z.object({
        match_id: z.number(),
        sets: z.array(z.array(z.number())),
        status: z.string(),
        entered: z.boolean(),
        answered: z.boolean(),
        decided: z.boolean(),
        contest_reason: z.string().nullable(),
        entered_at: ZIso,
        answered_at: ZIso.nullable(),
      }),
    ),
    no_shows: z.array(
      z.object({
        match_id: z.number(),
        about_me: z.boolean(),
        status: z.string(),
        reason: z.string().nullable(),
        created_at: ZIso,
      }),
    ),
    leaves: z.array(z.object({ match_id: z.number(), late: z.boolean(), at: ZIso })),
    /** One's own words on co-players' levels (issue 43)… */
    level_feedback_given: z.array(
      z.object({
        match_id: z.number(),
        about_user_id: z.number(),
        verdict: z.enum(LEVEL_VERDICTS),
        at: ZIso,
      }),
    ),
    /** …and the words about one's level, counted: never who said what. */
    level_feedback_received: z.object({
      plus_bas: z.number(),
      juste: z.number(),
      plus_haut: z.number(),
    }),
    /** « Niveau vérifié » on one's level, and the players whose level one vouched for. */
    level_verification: z.object({ level: z.string(), at: ZIso }).nullable(),
    levels_verified: z.array(z.object({ user_id: z.number(), level: z.string(), at: ZIso })),
  }),
  matches_created: z.array(ZMatchSummary.extend({ created_at: ZIso })),
  matches_joined: z.array(ZMatchSummary.extend({ joined_at: ZIso })),
  waitlists: z.array(z.object({ match_id: z.number().int(), created_at: ZIso })),
  /** Requests to join a match (issue 25), with their message and answer. */
  join_requests: z.array(
    z.object({
      match_id: z.number().int(),
      message: z.string().nullable(),
      status: z.string(),
      created_at: ZIso,
      answered_at: ZIso.nullable(),
    }),
  ),
  /** Times an organiser took the player out of a match, with the reason given (issue 38). */
  match_removals: z.array(
    z.object({ match_id: z.number().int(), reason: z.string().nullable(), removed_at: ZIso }),
  ),
  /** Match notifications addressed to the player (queued or sent); their text is not repeated. */
  notifications: z.array(
    z.object({
      channel: z.string(),
      event: z.string(),
      created_at: ZIso,
      sent_at: ZIso.nullable(),
      failed_at: ZIso.nullable(),
    }),
  ),
  devices: z.array(z.object({ device_id: z.string(), trusted_at: ZIso })),
  /**
   * The chat of matches and groups: one's messages, system messages naming one, reports, read
   * markers, rate counters. Each message and marker names its room (`match_id` or `group_id`).
   */
  chat: z.object({
    messages: z.array(
      z.object({
        match_id: z.number().int().nullable(),
        group_id: z.number().int().nullable(),
        kind: z.enum(['user', 'system']),
        text: z.string(),
        created_at: ZIso,
        edited_at: ZIso.nullable(),
        deleted: z.boolean(),
      }),
    ),
    reports: z.array(z.object({ message_id: z.number().int(), created_at: ZIso })),
    read_markers: z.array(
      z.object({
        match_id: z.number().int().nullable(),
        group_id: z.number().int().nullable(),
        last_read_id: z.number().int(),
        notified_at: ZIso.nullable(),
      }),
    ),
    rate: z.array(z.object({ minute: ZIso, count: z.number().int() })),
  }),
  /** Web Push subscriptions (one per browser); their encryption keys are credentials, left out. */
  push_subscriptions: z.array(
    z.object({
      endpoint: z.string(),
      kinds: z.array(z.string()),
      created_at: ZIso,
      updated_at: ZIso,
      last_failure_at: ZIso.nullable(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      device_id: z.string().nullable(),
      created_at: ZIso,
      last_seen_at: ZIso,
      expires_at: ZIso,
    }),
  ),
  verification_codes: z.array(
    z.object({
      channel: z.enum(['email', 'sms']),
      created_at: ZIso,
      expires_at: ZIso,
      verified_at: ZIso.nullable(),
      consumed_at: ZIso.nullable(),
    }),
  ),
  login_throttle: z
    .object({ failures: z.number().int(), locked_until: ZIso.nullable() })
    .nullable(),
  admin_actions: z.array(
    z.object({
      action: z.string(),
      entity: z.string(),
      entity_id: z.string().nullable(),
      created_at: ZIso,
    }),
  ),
  account_history: z.array(
    z.object({
      action: z.string(),
      created_at: ZIso,
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  // Groups, weekly slots and polls (server/services/groups/export.ts).
  ...ZGroupsExport.shape,
});
export type TAccountExport = z.infer<typeof ZAccountExport>;

export const ZAccountDeleted = z.object({ success: z.literal(true), message: z.string() });
