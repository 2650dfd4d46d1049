import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Button, Field, Modal, Notice } from '../ui';
import { levelRange } from './join-level';
import { useLevelCatalogue } from './useLevelCatalogue';

export interface LevelFirstDialogProps {
  /** The levels of the match the player wants to join; null when the dialog is closed. */
  levels: readonly string[] | null;
  /** Called with the level saved to the profile: it decides between joining and asking. */
  onConfirm: (level: string) => void;
  onCancel: () => void;
}

/**
 * Before joining a match that asks for levels, a player with no level sets theirs (saved to the
 * profile): whether they join or ask the organiser depends on it.
 */
export function LevelFirstDialog({ levels, onConfirm, onCancel }: LevelFirstDialogProps) {
  if (levels === null) return null;
  return <SetLevelFirst levels={levels} onConfirm={onConfirm} onCancel={onCancel} />;
}

function SetLevelFirst({
  levels,
  onConfirm,
  onCancel,
}: {
  levels: readonly string[];
  onConfirm: (level: string) => void;
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
      onConfirm(level);
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
