import { LEVEL_TRUST_TEXT } from '../../../../common/messages-season';
import { Button } from '../ui';
import './results.css';

/** « vérifié » after a level an admin or a group admin vouched for; the reason for screen readers and on hover. */
export function LevelVerifiedBadge() {
  return (
    <>
      <span className="badge badge-verified" title={LEVEL_TRUST_TEXT.verifiedHint}>
        <span aria-hidden="true">✓</span>
        {LEVEL_TRUST_TEXT.verified}
      </span>
      <span className="visually-hidden"> {LEVEL_TRUST_TEXT.verifiedHint}</span>
    </>
  );
}

interface LevelVerifyToggleProps {
  /** Whose level: the button's accessible name (« Marquer vérifié : niveau de Camille M. »). */
  name: string;
  verified: boolean;
  loading?: boolean;
  onToggle: (verified: boolean) => void;
}

/** Marks a player's level verified, or takes the mark back: for site admins and group admins. */
export function LevelVerifyToggle({ name, verified, loading, onToggle }: LevelVerifyToggleProps) {
  return (
    <Button
      variant={verified ? 'ghost' : 'secondary'}
      className="level-verify-toggle"
      loading={loading}
      aria-label={verified ? LEVEL_TRUST_TEXT.unverify(name) : LEVEL_TRUST_TEXT.verify(name)}
      onClick={() => onToggle(!verified)}
    >
      {verified ? LEVEL_TRUST_TEXT.unverifyShort : LEVEL_TRUST_TEXT.verifyShort}
    </Button>
  );
}
