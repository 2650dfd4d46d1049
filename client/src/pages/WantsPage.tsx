import { useState } from 'react';
import { WANT_UI } from '../../../common/messages-wants';
import { WANTS_MAX, type TWant } from '../../../common/schemas/wants';
import { WEEKDAYS_SHORT } from '../../../common/weekdays';
import { Button, EmptyState, Loaded, Notice, TitledCard } from '../components/ui';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { WantForm } from './wants/WantForm';
import './wants/wants.css';

const endOf = (iso: string) =>
  new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long' });

/** "sam., dim. · 17:00–21:00 · Club A, Club B · Niveau 4": what an alert waits for. */
export const wantSummary = (w: TWant) =>
  [
    w.weekdays.map((d) => WEEKDAYS_SHORT[d - 1]).join(', '),
    `${w.from}–${w.to}`,
    w.places.map((p) => p.name).join(', '),
    w.level ?? WANT_UI.levelMine,
  ].join(' · ');

/** « Mes alertes » (`/alertes`): the player's « Je veux jouer » alerts, renewed or deleted in one tap. */
export default function WantsPage() {
  const list = trpc.wants.list.useQuery();
  const utils = trpc.useUtils();
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const handlers = {
    onSuccess: (r: { message: string }) => {
      setNotice({ kind: 'success', text: r.message });
      void utils.wants.list.invalidate();
    },
    onError: (e: unknown) =>
      setNotice({ kind: 'error', text: errorMessage(e, WANT_UI.actionFailed) }),
  };
  const renew = trpc.wants.renew.useMutation(handlers);
  const remove = trpc.wants.delete.useMutation(handlers);
  return (
    <div className="page wants-page">
      <div className="page-head">
        <div>
          <h1 className="page-title">{WANT_UI.title}</h1>
          <p className="page-lead">{WANT_UI.lead}</p>
        </div>
      </div>
      {notice && (
        <Notice
          kind={notice.kind}
          message={notice.text}
          onClose={() => setNotice(null)}
          persistent={notice.kind === 'error'}
        />
      )}
      <TitledCard title={WANT_UI.listTitle}>
        <Loaded query={list} loadingLabel={WANT_UI.title} errorFallback={WANT_UI.loadFailed}>
          {(wants) =>
            wants.length === 0 ? (
              <EmptyState title={WANT_UI.empty} />
            ) : (
              <>
                <p className="muted">{WANT_UI.count(wants.length, WANTS_MAX)}</p>
                <ul className="want-list">
                  {wants.map((w) => {
                    const what = wantSummary(w);
                    return (
                      <li key={w.id} className="want-item">
                        <p className="want-what">{what}</p>
                        <p className={w.expired ? 'want-end want-expired' : 'want-end muted'}>
                          {w.expired ? WANT_UI.expired : WANT_UI.expires(endOf(w.expires_at))}
                        </p>
                        <div className="row">
                          <Button
                            variant="secondary"
                            aria-label={WANT_UI.renewLabel(what)}
                            loading={renew.isPending && renew.variables?.id === w.id}
                            onClick={() => renew.mutate({ id: w.id })}
                          >
                            {WANT_UI.renew}
                          </Button>
                          <Button
                            variant="ghost"
                            aria-label={WANT_UI.removeLabel(what)}
                            loading={remove.isPending && remove.variables?.id === w.id}
                            onClick={() => remove.mutate({ id: w.id })}
                          >
                            {WANT_UI.remove}
                          </Button>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </>
            )
          }
        </Loaded>
      </TitledCard>
      {(list.data?.length ?? 0) < WANTS_MAX && (
        <TitledCard title={WANT_UI.add}>
          <WantForm onSaved={(text) => setNotice({ kind: 'success', text })} />
        </TitledCard>
      )}
    </div>
  );
}
