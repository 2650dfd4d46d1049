import {
  GENDER_TEXT,
  KIND_TEXT,
  type TMatchGender,
  type TMatchKind,
} from '../../../../common/messages-court';
import './kind-badges.css';

interface KindBadgesProps {
  kind: TMatchKind;
  gender: TMatchGender;
  className?: string;
}

/**
 * A match's kind (« Amical » / « Compétitif ») and, when it is not « Ouvert », who may play, as
 * small badges: on the cards, the match page and the created card (issue 42).
 */
export function KindBadges({ kind, gender, className }: KindBadgesProps) {
  return (
    <ul className={className ? `kind-badges ${className}` : 'kind-badges'}>
      <li className={`kind-badge kind-${kind}`}>{KIND_TEXT.names[kind]}</li>
      {gender !== 'ouvert' && (
        <li className="kind-badge kind-gender">{GENDER_TEXT.names[gender]}</li>
      )}
    </ul>
  );
}
