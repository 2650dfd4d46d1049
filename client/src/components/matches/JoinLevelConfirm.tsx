import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Button, ConfirmDialog, Field, Modal, Notice } from '../ui';
import { levelRange } from './join-level';
import { useLevelCatalogue } from './useLevelCatalogue';

interface JoinLevelConfirmProps {
  /** The levels of the match waiting for confirmation; null when none is. */
  levels: readonly string[] | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Before joining a match that asks for levels: a player with no level sets theirs first (saved to
 * the profile, then the join goes on); a player of another level is asked "Ce match recherche
 * Niveau 3–4. Rejoindre quand même ?".
 */
export function JoinLevelConfirm({ levels, onConfirm, onCancel }: JoinLevelConfirmProps) {
  const { user } = useAuth();
  if (levels !== null && user && !user.level)
    return <SetLevelFirst levels={levels} onConfirm={onConfirm} onCancel={onCancel} />;
  return (
    <ConfirmDialog
      open={levels !== null}
      title={MSG.match.levelMismatchTitle}
      message={levels ? MSG.match.levelMismatch(levelRange(levels)) : ''}
      confirmLabel={MSG.match.levelMismatchConfirm}
      confirmVariant="primary"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

function SetLevelFirst({
  levels,
  onConfirm,
  onCancel,
}: {
  levels: readonly string[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { user, setUser } = useAuth();
  const catalogue = useLevelCatalogue();
  const [level, setLevel] = useState(levels[0] ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = trpc.users.update.useMutation();
  const save = async () => {
    if (!user || !level) return setError(MSG.levelFirst.required);
    try {
      setUser(await update.mutateAsync({ name: user.name, level }));
      onConfirm();
    } catch (e) {
      setError(errorMessage(e, MSG.profile.updateFailed));
    }
  };
  return (
    <Modal title={MSG.levelFirst.title} open onClose={onCancel} className="modal-small">
      <p className="confirm-message">{MSG.levelFirst.message(levelRange(levels))}</p>
      <Field label="Votre niveau">
        <select className="select" value={level} onChange={(e) => setLevel(e.target.value)}>
          {(catalogue ?? []).map((l) => (
            <option key={l.niveau} value={l.niveau}>
              {l.niveau} — {l.label}
            </option>
          ))}
        </select>
      </Field>
      <Notice kind="error" message={error} persistent />
      <div className="row row-end">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button loading={update.isPending} onClick={() => void save()}>
          {MSG.levelFirst.confirm}
        </Button>
      </div>
    </Modal>
  );
}
