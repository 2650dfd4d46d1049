import { useState } from 'react';
import { TitledCard } from '../../components/ui';
import { MSG } from '../../../../common/messages';
import {
  DEFAULT_QUIET_HOURS,
  NOTICE_TYPES,
  PREFS_TEXT,
} from '../../../../common/notification-types';
import {
  ZQuietHours,
  type TNotificationPreferences,
} from '../../../../common/schemas/notification-preferences';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

interface NotificationPrefsProps {
  onNotice: (kind: 'success' | 'error', message: string) => void;
}

type Channel = keyof TNotificationPreferences['channels'];
const CHANNELS: { key: Channel; label: string }[] = [
  { key: 'email', label: MSG.notify.prefsEmail },
  { key: 'sms', label: MSG.notify.prefsSms },
  { key: 'push', label: PREFS_TEXT.channels.push },
];

/**
 * The player's notification choices (issue 41), each saved as it is ticked: by which channel
 * (e-mail, SMS greyed out with the reason while no live SMS is set up, push), of what, and quiet
 * hours (22:00–08:00 when first turned on).
 */
export function NotificationPrefs({ onNotice }: NotificationPrefsProps) {
  const utils = trpc.useUtils();
  const prefs = trpc.users.notificationPreferences.useQuery();
  const channels = trpc.users.notificationChannels.useQuery();
  const save = trpc.users.updateNotificationPreferences.useMutation({
    onSuccess: (saved) => {
      utils.users.notificationPreferences.setData(undefined, saved);
      onNotice('success', PREFS_TEXT.saved);
    },
    onError: (err) => onNotice('error', errorMessage(err, MSG.admin.saveFailed)),
  });
  if (!prefs.data) return null;
  const current = prefs.data;
  const quiet = current.quiet_hours;
  // Until the server says SMS can go out, the choice is offered as unavailable, never as on.
  const smsLive = channels.data?.sms ?? false;
  const busy = save.isPending;
  return (
    <TitledCard title={PREFS_TEXT.title}>
      <div className="stack">
        <fieldset className="push-kinds">
          <legend>{PREFS_TEXT.channelsTitle}</legend>
          {CHANNELS.map(({ key, label }) => {
            const off = key === 'sms' && !smsLive;
            return (
              <label className="checkbox-row" key={key}>
                <input
                  type="checkbox"
                  checked={!off && current.channels[key]}
                  disabled={busy || off}
                  aria-describedby={off ? 'notify-sms-off' : undefined}
                  onChange={() =>
                    save.mutate({
                      ...current,
                      channels: { ...current.channels, [key]: !current.channels[key] },
                    })
                  }
                />
                {label}
              </label>
            );
          })}
          {!smsLive && (
            <p className="field-hint" id="notify-sms-off">
              {MSG.smsOff.reason}
            </p>
          )}
        </fieldset>
        <fieldset className="push-kinds">
          <legend>{PREFS_TEXT.typesTitle}</legend>
          {NOTICE_TYPES.map((type) => (
            <label className="checkbox-row" key={type}>
              <input
                type="checkbox"
                checked={current.types[type]}
                disabled={busy}
                onChange={() =>
                  save.mutate({
                    ...current,
                    types: { ...current.types, [type]: !current.types[type] },
                  })
                }
              />
              {PREFS_TEXT.types[type]}
            </label>
          ))}
          <p className="field-hint">{PREFS_TEXT.ownMatches}</p>
        </fieldset>
        <fieldset className="push-kinds">
          <legend>{PREFS_TEXT.quiet}</legend>
          <label className="checkbox-row">
            <input
              type="checkbox"
              checked={quiet !== null}
              disabled={busy}
              aria-describedby="quiet-hours-hint"
              onChange={() =>
                save.mutate({ ...current, quiet_hours: quiet ? null : DEFAULT_QUIET_HOURS })
              }
            />
            {PREFS_TEXT.quiet}
          </label>
          {quiet && (
            <QuietHours
              key={`${quiet.from}-${quiet.to}`}
              saved={quiet}
              busy={busy}
              onSave={(hours) => save.mutate({ ...current, quiet_hours: hours })}
              onInvalid={(message) => onNotice('error', message)}
            />
          )}
          <p className="field-hint" id="quiet-hours-hint">
            {PREFS_TEXT.quietHint}
          </p>
        </fieldset>
      </div>
    </TitledCard>
  );
}

interface QuietHoursProps {
  saved: { from: string; to: string };
  busy: boolean;
  onSave: (hours: { from: string; to: string }) => void;
  onInvalid: (message: string) => void;
}

/** « De » and « À »: saved when a field is left, once they make a valid window. */
function QuietHours({ saved, busy, onSave, onInvalid }: QuietHoursProps) {
  const [hours, setHours] = useState(saved);
  const leave = () => {
    const parsed = ZQuietHours.safeParse(hours);
    if (!parsed.success) onInvalid(parsed.error.issues[0]?.message ?? PREFS_TEXT.invalid);
    else if (saved.from !== hours.from || saved.to !== hours.to) onSave(parsed.data);
  };
  return (
    <div className="quiet-hours">
      <label>
        {PREFS_TEXT.quietFrom}
        <input
          type="time"
          value={hours.from}
          disabled={busy}
          onChange={(e) => setHours({ ...hours, from: e.target.value })}
          onBlur={leave}
        />
      </label>
      <label>
        {PREFS_TEXT.quietTo}
        <input
          type="time"
          value={hours.to}
          disabled={busy}
          onChange={(e) => setHours({ ...hours, to: e.target.value })}
          onBlur={leave}
        />
      </label>
    </div>
  );
}
