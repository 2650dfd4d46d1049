import { MSG } from '../../../../common/messages';
import { ConfirmDialog } from '../ui';
import { levelRange } from './join-level';

interface JoinLevelConfirmProps {
  /** The levels of the match waiting for confirmation; null when none is. */
  levels: readonly string[] | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Ce match recherche Niveau 3–4. Rejoindre quand même ?" before joining a match outside one's level. */
export function JoinLevelConfirm({ levels, onConfirm, onCancel }: JoinLevelConfirmProps) {
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
