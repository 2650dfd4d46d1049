import { TitledCard } from '../components/ui';
import { frenchTypography } from '../../../common/typography';
import { HELP_SECTIONS } from './help/help-sections';
import './help/help.css';

/** `/aide`: how matches, levels, the waiting list, groups and results work, and what others see. */
export default function HelpPage() {
  return (
    <div className="page help-page">
      <div className="page-head">
        <h1 className="page-title">Aide</h1>
        <p className="page-lead">{frenchTypography('Comment fonctionne Padel Match.')}</p>
      </div>
      {HELP_SECTIONS.map((s) => (
        <TitledCard key={s.title} title={s.title} className="help-section">
          {s.paragraphs.map((p) => (
            <p key={p}>{frenchTypography(p)}</p>
          ))}
        </TitledCard>
      ))}
    </div>
  );
}
