import './level-badges.css';
import { levelColour, levelLabel, textOn } from './level-colour';
import type { LevelView } from './types';

interface LevelBadgeProps {
  niveau: string;
  catalogue?: readonly LevelView[];
  /** Writes the level's label after its name ("Niveau 3 · Intermédiaire bas"), not only as a tooltip. */
  withLabel?: boolean;
}

/** One level, drawn in the level's own colour with a readable text colour. */
export function LevelBadge({ niveau, catalogue, withLabel = false }: LevelBadgeProps) {
  const background = levelColour(niveau, catalogue);
  const label = levelLabel(niveau, catalogue);
  const shown = withLabel && label && label !== niveau;
  return (
    <span
      className="level-badge"
      style={{ background, color: textOn(background) }}
      title={shown ? undefined : label}
    >
      {shown ? `${niveau} · ${label}` : niveau}
    </span>
  );
}

interface LevelBadgesProps {
  levels: readonly string[];
  catalogue?: readonly LevelView[];
  label?: string;
  withLabels?: boolean;
}

/** The levels of a match as a list of coloured badges (read out as "Niveaux : Niveau 2, Niveau 3"). */
export function LevelBadges({
  levels,
  catalogue,
  label = 'Niveaux',
  withLabels = false,
}: LevelBadgesProps) {
  if (levels.length === 0) return null;
  return (
    <ul className="level-badges" aria-label={label}>
      {levels.map((niveau) => (
        <li key={niveau}>
          <LevelBadge niveau={niveau} catalogue={catalogue} withLabel={withLabels} />
        </li>
      ))}
    </ul>
  );
}
