import { trpc } from '../../lib/trpc';

/**
 * A finished match's score on its card, from the viewer's side ("6-4 3-6 10-8 — gagné"). Each card
 * asks for its own line; the client's batch link sends the cards of a page in one request.
 */
export function ResultLine({ matchId }: { matchId: number }) {
  const lines = trpc.results.lines.useQuery({ ids: [matchId] }, { staleTime: 60_000 });
  const line = lines.data?.[0];
  if (!line) return null;
  return (
    <p className="result-line">
      {line.text}
      {line.status === 'pending' ? ' (à confirmer)' : ''}
    </p>
  );
}
