import { RESULT_MSG } from '../../../../common/results';
import { trpc } from '../../lib/trpc';
import './results.css';

/**
 * For the match's player list: "Fiable 95 %" after each name (from 5 matches on). One query per
 * match page (`results.forMatch`, shared with the result card).
 */
export function useReliabilityBadge(matchId: number, token?: string) {
  const state = trpc.results.forMatch.useQuery(
    { id: matchId, ...(token ? { token } : {}) },
    { staleTime: 60_000 },
  );
  const percent = new Map(state.data?.reliability.map((r) => [r.user_id, r.percent]) ?? []);
  return function ReliabilityBadge(userId: number) {
    const p = percent.get(userId);
    return p === null || p === undefined ? null : (
      <span className="tag tag-reliable">{RESULT_MSG.reliability(p)}</span>
    );
  };
}
