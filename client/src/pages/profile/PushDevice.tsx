import { useEffect, useState } from 'react';
import { MSG } from '../../../../common/messages';
import { PUSH_KINDS, PUSH_KIND_LABELS, type TPushKind } from '../../../../common/schemas/push';
import { outcomeMessage } from '../../components/push/outcome';
import { usePushServer } from '../../components/push/usePushServer';
import { Notice, TitledCard } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  isPushBlocked,
  isPushSupported,
} from '../../lib/push';
import { trpc } from '../../lib/trpc';

/**
 * "Sur ce téléphone": push on or off for this browser, and which notices it gets. The choices
 * belong to the device (a phone and a laptop may differ); the server keeps them per subscription.
 */
export function PushDevice() {
  const supported = isPushSupported();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ReturnType<typeof outcomeMessage>>(null);
  const server = usePushServer();
  const device = trpc.push.device.useQuery(
    { endpoint: endpoint ?? '' },
    { enabled: Boolean(endpoint) },
  );
  const utils = trpc.useUtils();
  const setKinds = trpc.push.setKinds.useMutation({
    onSuccess: (saved) => {
      utils.push.device.setData({ endpoint: saved.endpoint }, saved);
      setMessage({ kind: 'success', text: MSG.push.saved });
    },
    onError: (err) => setMessage({ kind: 'error', text: errorMessage(err, MSG.admin.saveFailed) }),
  });

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentPushSubscription()
      .catch(() => null)
      .then((sub) => live && setEndpoint(sub?.endpoint ?? null));
    return () => {
      live = false;
    };
  }, [supported]);

  const on = Boolean(endpoint && device.data);
  const blocked = isPushBlocked();

  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    try {
      if (on) {
        await disablePush(server);
        setEndpoint(null);
        setMessage({ kind: 'success', text: MSG.push.disabled });
      } else {
        const outcome = await enablePush(server);
        setMessage(outcomeMessage(outcome));
        if (outcome === 'enabled') setEndpoint((await currentPushSubscription())?.endpoint ?? null);
      }
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err, MSG.push.subscribeFailed) });
    } finally {
      setBusy(false);
    }
  };
  const kinds = device.data?.kinds ?? [];
  const flip = (kind: TPushKind) =>
    endpoint &&
    setKinds.mutate({
      endpoint,
      kinds: kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind],
    });

  return (
    <TitledCard title={MSG.push.sectionTitle}>
      <div className="stack">
        {!supported ? (
          <p className="field-hint">{MSG.push.unsupported}</p>
        ) : (
          <>
            <label className="checkbox-row">
              <input
                type="checkbox"
                checked={on}
                disabled={busy || endpoint === undefined || (blocked && !on)}
                aria-describedby={blocked && !on ? 'push-blocked' : undefined}
                onChange={() => void toggle()}
              />
              {MSG.push.toggle}
            </label>
            {blocked && !on && (
              <p className="field-hint" id="push-blocked">
                {MSG.push.blocked}
              </p>
            )}
            {on && (
              <fieldset className="stack push-kinds">
                <legend>{MSG.push.kindsLegend}</legend>
                {PUSH_KINDS.map((kind) => (
                  <label key={kind} className="checkbox-row">
                    <input
                      type="checkbox"
                      checked={kinds.includes(kind)}
                      disabled={setKinds.isPending}
                      onChange={() => flip(kind)}
                    />
                    {PUSH_KIND_LABELS[kind]}
                  </label>
                ))}
              </fieldset>
            )}
          </>
        )}
        {message && (
          <Notice
            kind={message.kind}
            message={message.text}
            persistent={message.kind !== 'success'}
            onClose={() => setMessage(null)}
          />
        )}
      </div>
    </TitledCard>
  );
}
