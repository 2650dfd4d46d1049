import { useId, useRef, useState } from 'react';
import {
  FEEDBACK_TEXT,
  LEVEL_VERDICTS,
  type TLevelVerdict,
} from '../../../../common/messages-season';
import { NBSP } from '../../../../common/typography';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../ui';

type Result = NonNullable<RouterOutputs['results']['forMatch']['result']>;

/**
 * « Leur niveau, selon vous »: after a confirmed result, the viewer's anonymous word on each
 * co-player they may still judge (`may_judge`), one row per player with the three verdicts. A
 * saved word shows « Avis donné » on its row until `forMatch` comes back without that player.
 */
export function LevelFeedback({
  matchId,
  result,
  onSaved,
  onError,
}: {
  matchId: number;
  result: Result;
  onSaved: (message: string) => void;
  onError: (message: string) => void;
}) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [given, setGiven] = useState<ReadonlySet<number>>(new Set());
  const send = trpc.results.levelFeedback.useMutation({
    onSuccess: (r) => onSaved(r.message),
    onError: (err) => onError(errorMessage(err, FEEDBACK_TEXT.sendFailed)),
  });

  if (result.status !== 'confirmed' || result.may_judge.length === 0) return null;
  const names = new Map<number, string>();
  for (const team of result.teams)
    for (const p of team) if ('user_id' in p) names.set(p.user_id, p.name);
  const players = result.may_judge.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name }];
  });
  if (players.length === 0) return null;
  const pending = send.isPending ? send.variables : undefined;

  return (
    <section className="level-feedback" aria-labelledby={titleId}>
      <h3 className="level-feedback-title" id={titleId} ref={titleRef} tabIndex={-1}>
        {FEEDBACK_TEXT.title}
      </h3>
      <p className="muted">{FEEDBACK_TEXT.lead}</p>
      <ul className="level-feedback-list">
        {players.map((p) => (
          <li key={p.id}>
            <span className="level-feedback-name" id={`${titleId}-p${p.id}`}>
              {p.name}
            </span>
            {given.has(p.id) ? (
              <span className="tag tag-reliable">{FEEDBACK_TEXT.given}</span>
            ) : (
              <div
                className="level-feedback-choices"
                role="group"
                aria-labelledby={`${titleId}-p${p.id}`}
              >
                {LEVEL_VERDICTS.map((verdict: TLevelVerdict) => (
                  <Button
                    key={verdict}
                    variant="secondary"
                    loading={pending?.user_id === p.id && pending.verdict === verdict}
                    disabled={pending?.user_id === p.id}
                    onClick={() =>
                      send.mutate(
                        { id: matchId, user_id: p.id, verdict },
                        {
                          onSuccess: () => {
                            setGiven((cur) => new Set(cur).add(p.id));
                            // The clicked button gives way to « Avis donné »: keep the focus in the card.
                            titleRef.current?.focus();
                          },
                        },
                      )
                    }
                  >
                    {FEEDBACK_TEXT.verdicts[verdict]}
                    <span className="visually-hidden">{`${NBSP}: ${p.name}`}</span>
                  </Button>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
