import { TitledCard } from '../../components/ui';
import { MSG } from '../../../../common/messages';
import type { TNotificationPrefs } from '../../../../common/schemas/waitlist';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

interface NotificationPrefsProps {
  onNotice: (kind: 'success' | 'error', message: string) => void;
}

/** Two switches: match notifications by e-mail and by SMS (security codes are sent whatever they say). */
export function NotificationPrefs({ onNotice }: NotificationPrefsProps) {
  const utils = trpc.useUtils();
  const prefs = trpc.users.notifications.useQuery();
  const save = trpc.users.updateNotifications.useMutation({
    onSuccess: (saved) => {
      utils.users.notifications.setData(undefined, saved);
      onNotice('success', MSG.notify.prefsSaved);
    },
    onError: (err) => onNotice('error', errorMessage(err, MSG.admin.saveFailed)),
  });
  if (!prefs.data) return null;
  const current = prefs.data;
  const toggle = (key: keyof TNotificationPrefs) => save.mutate({ ...current, [key]: !current[key] });
  return (
    <TitledCard title={MSG.notify.prefsTitle}>
      <div className="stack">
        <label className="checkbox-row">
          <input type="checkbox" checked={current.notify_email} disabled={save.isPending} onChange={() => toggle('notify_email')} />
          {MSG.notify.prefsEmail}
        </label>
        <label className="checkbox-row">
          <input type="checkbox" checked={current.notify_sms} disabled={save.isPending} onChange={() => toggle('notify_sms')} />
          {MSG.notify.prefsSms}
        </label>
      </div>
    </TitledCard>
  );
}
