import { Link } from 'react-router-dom';
import { EVENING_FORMATS, EVENING_STATUS, EVENING_UI } from '../../../../common/messages-evenings';
import type { TEveningCard } from '../../../../common/schemas/evenings';
import { formatDayMonth } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import './evening-list.css';

const SHOWN = 5;

/**
 * « Soirées »: the next public evenings and the viewer's own (or, `mine`, every evening he organised
 * or played, with his final rank), each a link to its page. Nothing at all while there is none (or
 * the list cannot be read): the home page stays about matches.
 */
export function EveningList({ mine = false }: { mine?: boolean }) {
  const list = trpc.evenings.list.useQuery(mine ? { mine } : undefined, { retry: false });
  const evenings = list.data?.slice(0, SHOWN) ?? [];
  if (evenings.length === 0) return null;
  return (
    <section className="home-evenings" aria-labelledby={`evenings-${mine ? 'mine' : 'next'}`}>
      <div className="section-head">
        <h2 className="section-title" id={`evenings-${mine ? 'mine' : 'next'}`}>
          {mine ? EVENING_UI.mineTitle : EVENING_UI.listTitle}
        </h2>
      </div>
      <EveningCards evenings={evenings} />
    </section>
  );
}

/** A group's upcoming evenings (its page's card), or the line that says there is none. */
export function GroupEveningList({ groupId }: { groupId: number }) {
  const list = trpc.evenings.list.useQuery({ group_id: groupId }, { retry: false });
  if (!list.data) return null;
  if (list.data.length === 0) return <p className="muted">{EVENING_UI.listEmpty}</p>;
  return <EveningCards evenings={list.data} />;
}

function EveningCards({ evenings }: { evenings: readonly TEveningCard[] }) {
  return (
    <ul className="evening-list">
      {evenings.map((e) => (
        <li key={e.id} className="card">
          <Link to={`/soirees/${e.id}`}>
            {EVENING_FORMATS[e.format]} · {formatDayMonth(e.date)} à {e.time} · {e.place.name}
          </Link>
          <span className="muted">
            {e.my_rank
              ? EVENING_UI.myRank(e.my_rank.rank, e.my_rank.of)
              : `${EVENING_UI.listSignedUp(e.signed_up, e.max_players)} · ${EVENING_STATUS[e.status]}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
