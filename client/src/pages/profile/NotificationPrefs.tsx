import { TitledCard } from '../../components/ui';
import { MSG } from '../../../../common/messages';
import type { TNotificationPrefs } from '../../../../common/schemas/waitlist';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

interface NotificationPrefsProps {
  onNotice: (kind: 'success' | 'error', message: string) => void;
}

/**
 * Two switches: match notifications by e-mail and by SMS (security codes are sent whatever they say);
 * the SMS one is greyed out, with the reason, while no live SMS is set up.
 */
export function NotificationPrefs({ onNotice }: NotificationPrefsProps) {
  const utils = trpc.useUtils();
  const prefs = trpc.users.notifications.useQuery();
  const channels = trpc.users.notificationChannels.useQuery();
  const save = trpc.users.updateNotifications.useMutation({
    onSuccess: (saved) => {
      utils.users.notifications.setData(undefined, saved);
      onNotice('success', MSG.notify.prefsSaved);
    },
    onError: (err) => onNotice('error', errorMessage(err, MSG.admin.saveFailed)),
  });
  if (!prefs.data) return null;
  const current = prefs.data;
  // Until the server says SMS can go out, the choice is offered as unavailable, never as on.
  const smsLive = channels.data?.sms ?? false;
  const toggle = (key: keyof TNotificationPrefs) =>
    save.mutate({ ...current, [key]: !current[key] });
  return (
    <TitledCard title={MSG.notify.prefsTitle}>
      <div className="stack">
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={current.notify_email}
            disabled={save.isPending}
            onChange={() => toggle('notify_email')}
          />
          {MSG.notify.prefsEmail}
        </label>
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={smsLive && current.notify_sms}
            disabled={save.isPending || !smsLive}
            aria-describedby={smsLive ? undefined : 'notify-sms-off'}
            onChange={() => toggle('notify_sms')}
          />
          {MSG.notify.prefsSms}
        </label>
        {!smsLive && (
          <p className="field-hint" id="notify-sms-off">
            {MSG.smsOff.reason}
          </p>
        )}
      </div>
    </TitledCard>
  );
}
