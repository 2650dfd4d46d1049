import { useId, useState } from 'react';
import { MSG } from '../../../../common/messages';
import {
  COURT_UI,
  GENDER_TEXT,
  PLAYER_GENDERS,
  type TPlayerGender,
} from '../../../../common/messages-court';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Button, Modal, Notice } from '../ui';
import './kind-badges.css';

export interface GenderFirstDialogProps {
  open: boolean;
  /** Called once the gender is saved to the profile: the join goes on. */
  onConfirm: (gender: TPlayerGender) => void;
  onCancel: () => void;
}

/**
 * « Vous êtes… »: a player with no gender in their profile, joining a « Hommes », « Femmes » or
 * « Mixte » match, gives it once; it is saved to the profile (never shown to others), then they join.
 */
export function GenderFirstDialog({ open, onConfirm, onCancel }: GenderFirstDialogProps) {
  if (!open) return null;
  return <AskGender onConfirm={onConfirm} onCancel={onCancel} />;
}

function AskGender({ onConfirm, onCancel }: Omit<GenderFirstDialogProps, 'open'>) {
  const id = useId();
  const { user, setUser } = useAuth();
  const [gender, setGender] = useState<TPlayerGender | null>(null);
  const [error, setError] = useState<string | null>(null);
  const update = trpc.users.update.useMutation();
  const save = async () => {
    if (!user || !gender) return setError(GENDER_TEXT.playerInvalid);
    try {
      // Name and level stay as they are; only the gender changes.
      setUser(await update.mutateAsync({ name: user.name, level: user.level ?? '', gender }));
      onConfirm(gender);
    } catch (e) {
      setError(errorMessage(e, MSG.profile.updateFailed));
    }
  };
  return (
    <Modal
      title={GENDER_TEXT.askTitle}
      open
      onClose={onCancel}
      className="modal-small"
      footer={
        <div className="row row-end">
          <Button variant="secondary" onClick={onCancel}>
            {COURT_UI.cancel}
          </Button>
          <Button loading={update.isPending} onClick={() => void save()}>
            {GENDER_TEXT.askSave}
          </Button>
        </div>
      }
    >
      <p className="confirm-message">{GENDER_TEXT.needed}</p>
      <fieldset className="choice-group" aria-describedby={`${id}-hint`}>
        <legend className="visually-hidden">{GENDER_TEXT.askTitle}</legend>
        <div className="gender-radios">
          {PLAYER_GENDERS.map((g) => (
            <label key={g} className="check">
              <input
                type="radio"
                name={`${id}-gender`}
                value={g}
                checked={gender === g}
                onChange={() => {
                  setGender(g);
                  setError(null);
                }}
              />
              <span>{GENDER_TEXT.players[g]}</span>
            </label>
          ))}
        </div>
        <p className="choice-hint" id={`${id}-hint`}>
          {COURT_UI.genderAskHint}
        </p>
      </fieldset>
      <Notice kind="error" message={error} persistent />
    </Modal>
  );
}
