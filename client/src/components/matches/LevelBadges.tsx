import './level-badges.css';
import { levelColour, levelLabel, textOn } from './level-colour';
import type { LevelView } from './types';

interface LevelBadgeProps {
  niveau: string;
  catalogue?: readonly LevelView[];
}

/** One level, drawn in the level's own colour with a readable text colour. */
export function LevelBadge({ niveau, catalogue }: LevelBadgeProps) {
  const background = levelColour(niveau, catalogue);
  const label = levelLabel(niveau, catalogue);
  return (
    <span className="level-badge" style={{ background, color: textOn(background) }} title={label}>
      {niveau}
    </span>
  );
}

interface LevelBadgesProps {
  levels: readonly string[];
  catalogue?: readonly LevelView[];
  label?: string;
}

/** The levels of a match as a list of coloured badges (read out as "Niveaux : Niveau 2, Niveau 3"). */
export function LevelBadges({ levels, catalogue, label = 'Niveaux' }: LevelBadgesProps) {
  if (levels.length === 0) return null;
  return (
    <ul className="level-badges" aria-label={label}>
      {levels.map((niveau) => (
        <li key={niveau}>
          <LevelBadge niveau={niveau} catalogue={catalogue} />
        </li>
      ))}
    </ul>
  );
}
