import { TitledCard } from '../../components/ui';
import { DEFAULT_LEVEL_COLOUR } from '../../../../common/limits';
import type { RouterOutputs } from '../../lib/trpc';

type Level = RouterOutputs['levels']['list'][number];

export interface LevelProgressProps {
  level: Level;
  levelCount: number;
}

/** Where the player's level sits among all levels: its order over the number of levels, in its colour. */
export function LevelProgress({ level, levelCount }: LevelProgressProps) {
  const max = Math.max(levelCount, level.ordre, 1);
  const percent = Math.round((Math.min(level.ordre, max) / max) * 100);
  return (
    <TitledCard title="Progression de niveau" className="level-progress">
      <div className="row row-between">
        <span className="row">
          <span
            className="level-swatch"
            style={{ background: level.couleur || DEFAULT_LEVEL_COLOUR }}
            aria-hidden="true"
          />
          <strong>
            {level.niveau} — {level.label}
          </strong>
        </span>
        <span className="muted">
          {level.ordre} / {max}
        </span>
      </div>
      <div
        className="level-progress-track"
        role="progressbar"
        aria-label="Progression de niveau"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(level.ordre, max)}
        aria-valuetext={`${level.niveau}, ${level.ordre} sur ${max}`}
      >
        <div
          className="level-progress-bar"
          style={{ width: `${percent}%`, background: level.couleur || DEFAULT_LEVEL_COLOUR }}
        />
      </div>
      {level.description && <p className="muted">{level.description}</p>}
    </TitledCard>
  );
}
