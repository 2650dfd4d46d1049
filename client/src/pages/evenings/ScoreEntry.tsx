import { useState, type FormEvent } from 'react';
import { checkEveningScore } from '../../../../common/evenings/scores';
import { EVENING_UI } from '../../../../common/messages-evenings';
import type { TEveningGame } from '../../../../common/schemas/evenings';
import type { EveningFormat } from '../../../../common/evenings/types';
import { frenchTypography } from '../../../../common/typography';
import { Button } from '../../components/ui';

interface ScoreEntryProps {
  game: TEveningGame;
  /** The two teams' names, in the score's order. */
  teams: [string, string];
  format: EveningFormat;
  pointsPerGame: number;
  saving: boolean;
  onSave: (score: [number, number], previous: [number, number] | null) => void;
}

const asScore = (text: string) => (/^\d{1,2}$/.test(text.trim()) ? Number(text) : NaN);

/**
 * The score of one game: two numbers, checked by the evening's rule before sending. In Americano
 * and Mexicano the two add up to the points per game, so typing one fills in the other. `previous`
 * is the score shown when the player started: a score someone else saved meanwhile is not
 * overwritten (the server answers 409 with it, and the live page shows it).
 */
export function ScoreEntry({
  game,
  teams,
  format,
  pointsPerGame,
  saving,
  onSave,
}: ScoreEntryProps) {
  const [a, setA] = useState(game.score ? String(game.score[0]) : '');
  const [b, setB] = useState(game.score ? String(game.score[1]) : '');
  const [error, setError] = useState<string | null>(null);
  const fill = (text: string, setOther: (v: string) => void) => {
    const n = asScore(text);
    if (format !== 'king' && n >= 0 && n <= pointsPerGame) setOther(String(pointsPerGame - n));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const score: [number, number] = [asScore(a), asScore(b)];
    const problem = checkEveningScore(score, pointsPerGame, format);
    setError(problem);
    if (!problem) onSave(score, game.score);
  };
  const input = (
    value: string,
    team: string,
    set: (v: string) => void,
    other: (v: string) => void,
  ) => (
    <input
      className="input evening-score-input"
      type="number"
      inputMode="numeric"
      min={0}
      max={pointsPerGame}
      aria-label={EVENING_UI.scoreFor(team)}
      value={value}
      onChange={(e) => {
        set(e.target.value);
        fill(e.target.value, other);
        setError(null);
      }}
    />
  );
  return (
    <form className="evening-score" onSubmit={submit} noValidate>
      <div className="evening-team">
        <span>{teams[0]}</span>
        {input(a, teams[0], setA, setB)}
      </div>
      <p className="evening-vs">{EVENING_UI.versus}</p>
      <div className="evening-team">
        <span>{teams[1]}</span>
        {input(b, teams[1], setB, setA)}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {frenchTypography(error)}
        </p>
      )}
      <Button type="submit" variant="secondary" block loading={saving}>
        {EVENING_UI.saveScore}
      </Button>
    </form>
  );
}
