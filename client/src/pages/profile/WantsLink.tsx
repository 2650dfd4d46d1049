import { Link } from 'react-router-dom';
import { WANT_UI } from '../../../../common/messages-wants';
import { TitledCard } from '../../components/ui';

/** The way from the profile to « Mes alertes » (issue 41). */
export function WantsLink() {
  return (
    <TitledCard title={WANT_UI.title}>
      <p className="muted">{WANT_UI.lead}</p>
      <Link className="btn btn-secondary" to="/alertes">
        {WANT_UI.link}
      </Link>
    </TitledCard>
  );
}
