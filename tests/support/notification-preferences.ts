import type { TNotificationPreferences } from '../../common/schemas/notification-preferences';

/** A new player's notification preferences (the database's defaults, DESIGN.md's shape). */
export const DEFAULT_PREFERENCES: TNotificationPreferences = {
  channels: { email: true, sms: false, push: true },
  types: {
    new_match: true,
    refill: true,
    chat: true,
    results: true,
    reminders: true,
    groups: true,
  },
  quiet_hours: { from: '22:00', to: '08:00' },
};
