import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { TABLE_DAYS_DEFAULT } from '../../../../common/leaderboard';
import { TABLE_TEXT } from '../../../../common/messages-season';
import type { TLeaderboard } from '../../../../common/schemas/leaderboard';
import { frenchTypography } from '../../../../common/typography';
import { Button, Notice, Spinner, TitledCard } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

type Column = keyof typeof TABLE_TEXT.columnsShort;

/** A column heading: the full word, or on a phone its short form (screen readers keep the word). */
function Heading({ column }: { column: Column }) {
  return (
    <th scope="col" className="table-num">
      <span className="table-long">{TABLE_TEXT.columns[column]}</span>
      <span className="table-short" aria-hidden="true">
        {TABLE_TEXT.columnsShort[column]}
      </span>
    </th>
  );
}

/** The table itself: ranked lines first, then the unranked ones; the viewer's line stands out. */
export function TableRows({ table, me }: { table: TLeaderboard; me: number | undefined }) {
  if (table.rows.length === 0) return <p className="muted">{frenchTypography(TABLE_TEXT.empty)}</p>;
  return (
    <table className="group-table">
      <thead>
        <tr>
          <Heading column="rank" />
          <th scope="col" className="group-table-name">
            {TABLE_TEXT.columns.player}
          </th>
          <Heading column="points" />
          <Heading column="played" />
          <Heading column="wins" />
        </tr>
      </thead>
      <tbody>
        {table.rows.map((r) => {
          const mine = r.user_id === me;
          return (
            <tr
              key={r.user_id}
              className={mine ? 'group-table-me' : undefined}
              aria-current={mine ? 'true' : undefined}
            >
              <td className="table-num">
                {r.rank ?? (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="visually-hidden">{TABLE_TEXT.unranked}</span>
                  </>
                )}
              </td>
              <th scope="row" className="group-table-name">
                {r.name}
                {mine && <span className="group-table-you"> {TABLE_TEXT.you}</span>}
                {r.rank === null && (
                  <span className="group-table-unranked" aria-hidden="true">
                    {TABLE_TEXT.unranked}
                  </span>
                )}
              </th>
              <td className="table-num">{r.points}</td>
              <td className="table-num">{r.played}</td>
              <td className="table-num">{r.wins}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * « Classement » on a group's page (issue 43): the members who chose to appear, over 30, 90 or 365
 * days, with how points are counted; a member who has not chosen it can do so here.
 */
export function GroupTableCard({ groupId }: { groupId: number }) {
  const { user } = useAuth();
  const periodId = useId();
  const [days, setDays] = useState<number>(TABLE_DAYS_DEFAULT);
  const [shown, setShown] = useState(false);
  const table = trpc.groups.leaderboard.useQuery(
    { id: groupId, days },
    { placeholderData: keepPreviousData },
  );
  const data = table.data;
  return (
    <TitledCard title={TABLE_TEXT.title} className="group-table-card">
      <div className="group-table-period">
        <label htmlFor={periodId}>{TABLE_TEXT.period}</label>
        <select
          id={periodId}
          className="select"
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {TABLE_TEXT.periods.map((d) => (
            <option key={d} value={d}>
              {TABLE_TEXT.periodOption(d)}
            </option>
          ))}
        </select>
      </div>
      {table.isError ? (
        <Notice
          kind="error"
          persistent
          message={errorMessage(table.error, TABLE_TEXT.loadFailed)}
        />
      ) : !data ? (
        <Spinner label={TABLE_TEXT.title} />
      ) : (
        <>
          <TableRows table={data} me={user?.id} />
          <p className="group-table-note">
            {TABLE_TEXT.window(data.days)}. {frenchTypography(TABLE_TEXT.rules(data.min_games))}
          </p>
        </>
      )}
      {user && user.leaderboard !== true && (
        <OptIn groupId={groupId} onShown={() => setShown(true)} />
      )}
      {shown && (
        <Notice kind="success" message={TABLE_TEXT.shown} onClose={() => setShown(false)} />
      )}
    </TitledCard>
  );
}

/** « Y apparaître »: the profile saved as it is, with the table opt-in on. */
function OptIn({ groupId, onShown }: { groupId: number; onShown: () => void }) {
  const { user, setUser } = useAuth();
  const utils = trpc.useUtils();
  const [failed, setFailed] = useState<string | null>(null);
  const update = trpc.users.update.useMutation({
    onSuccess: (saved) => {
      setUser(saved);
      onShown();
      void utils.groups.leaderboard.invalidate({ id: groupId });
    },
    onError: (e) => setFailed(errorMessage(e, TABLE_TEXT.saveFailed)),
  });
  if (!user) return null;
  // The profile needs a level to be saved: without one, the way is Mon Profil.
  if (!user.level)
    return (
      <p className="group-table-optin">
        <span>{frenchTypography(TABLE_TEXT.notShownNoLevel)}</span>
        <Link to="/profile">{TABLE_TEXT.toProfile}</Link>
      </p>
    );
  const level = user.level;
  return (
    <div className="group-table-optin">
      <span>{TABLE_TEXT.notShown}</span>
      <Button
        variant="secondary"
        loading={update.isPending}
        onClick={() => {
          setFailed(null);
          update.mutate({ name: user.name, level, leaderboard: true });
        }}
      >
        {TABLE_TEXT.showMe}
      </Button>
      <Notice kind="error" persistent message={failed} />
    </div>
  );
}
