import { Link, useParams } from 'react-router-dom';
import {
  POLL_ANSWERS,
  POLL_MATCH_PLACES,
  type TPoll,
  type TPollAnswer,
} from '../../../common/schemas/groups';
import { Loaded, Notice, TitledCard } from '../components/ui';
import { errorMessage } from '../lib/errors';
import { useLivePoll } from '../lib/live';
import { trpc } from '../lib/trpc';
import { whenLabel } from './groups/fields';
import './groups/groups.css';

/** The answers as the segmented choice shows them; the stored values stay « oui », « non »… */
const ANSWER_LABEL: Record<TPollAnswer, string> = {
  oui: 'Oui',
  non: 'Non',
  'peut-être': 'Peut-être',
};
const ANSWER_CLASS: Record<TPollAnswer, string> = { oui: 'yes', non: 'no', 'peut-être': 'maybe' };

/**
 * A poll: each slot with its counts and the player's answer. The counts change by themselves when
 * another member answers, on any instance (`groups.onPoll`), and so does the status when the poll
 * makes its match or closes.
 */
export default function PollPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const poll = trpc.groups.poll.useQuery({ id }, { enabled: valid, refetchOnWindowFocus: false });
  useLivePoll(id, valid && poll.isSuccess);
  return (
    <div className="page poll-page">
      <Loaded
        query={poll}
        loadingLabel="Chargement du sondage"
        errorFallback="Impossible de charger ce sondage."
      >
        {(p) => <PollView p={p} />}
      </Loaded>
    </div>
  );
}

const CLOSES = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

function PollView({ p }: { p: TPoll }) {
  const utils = trpc.useUtils();
  const answer = trpc.groups.answerPoll.useMutation({
    onSuccess: (next) => utils.groups.poll.setData({ id: p.id }, next),
  });
  // Once the match is made the poll takes no more answers (the server says 409 too).
  const open = p.status === 'open';
  return (
    <>
      <div className="page-head">
        <div>
          <h1 className="page-title">Sondage du groupe {p.group_name}</h1>
          <p className="page-lead">
            {p.size} « oui » sur un créneau font le match, de {POLL_MATCH_PLACES} places : les
            places restantes sont ouvertes au groupe. Clôture :{' '}
            {CLOSES.format(new Date(p.closes_at))}.
          </p>
        </div>
      </div>
      {p.status === 'matched' && p.match_id !== null && (
        <Notice
          kind="success"
          persistent
          message="Assez de « oui » : le match est créé. Les réponses sont closes ; pour jouer, rejoignez le match depuis sa page."
        />
      )}
      {p.match_id !== null && (
        <p>
          <Link to={`/matches/${p.match_id}`}>Voir le match</Link>
        </p>
      )}
      {p.status === 'closed' && (
        <Notice kind="info" persistent message="Sondage clos sans assez de « oui »." />
      )}
      {answer.isError && (
        <Notice
          kind="error"
          persistent
          message={errorMessage(answer.error, 'Réponse non enregistrée.')}
        />
      )}
      {p.slots.map((s) => (
        <TitledCard key={s.id} title={`${whenLabel(s.date, s.time)}, ${s.place_name}`}>
          <p className="poll-counts" aria-live="polite">
            Oui : {s.counts.oui} · Non : {s.counts.non} · Peut-être : {s.counts['peut-être']}
          </p>
          {s.id === p.matched_slot_id && <p className="poll-chosen">Créneau retenu</p>}
          <AnswerNames names={s.names} />
          <fieldset className="poll-answers" disabled={!open || answer.isPending}>
            <legend>{open ? 'Votre réponse' : 'Votre réponse (réponses closes)'}</legend>
            {POLL_ANSWERS.map((a: TPollAnswer) => (
              <label key={a} className={`poll-choice poll-choice-${ANSWER_CLASS[a]}`}>
                <input
                  type="radio"
                  name={`slot-${s.id}`}
                  checked={s.my_answer === a}
                  onChange={() => answer.mutate({ id: p.id, answers: { [String(s.id)]: a } })}
                />
                <span>{ANSWER_LABEL[a]}</span>
              </label>
            ))}
          </fieldset>
        </TitledCard>
      ))}
      <p>
        <Link to={`/groups/${p.group_id}`}>Retour au groupe</Link>
      </p>
    </>
  );
}

/** Who answered what, as members see each other (« Prénom N. »). */
function AnswerNames({ names }: { names: TPoll['slots'][number]['names'] }) {
  const answered = POLL_ANSWERS.filter((a) => names[a].length > 0);
  if (answered.length === 0) return <p className="poll-names-none">Personne n'a encore répondu.</p>;
  return (
    <dl className="poll-names">
      {answered.map((a) => (
        <div key={a}>
          <dt>{ANSWER_LABEL[a]} :</dt>
          <dd>{names[a].join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}
