import { countOf } from '../../../../common/plural';
import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import type { TChatReport, TChatRoom } from '../../../../common/schemas/chat';
import { Button, EmptyState, Loaded } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

const WHEN = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

/** The room a reported message was written in: a match's chat or a group's. */
const roomOf = (r: TChatReport): TChatRoom =>
  r.group_id !== null ? { kind: 'group', id: r.group_id } : { kind: 'match', id: r.match_id ?? 0 };

/**
 * Messages players reported in matches' and groups' chats, most recent first, in the Notifications
 * tab: the admin reads them and deletes what breaks the rules.
 */
export function ChatReports() {
  const utils = trpc.useUtils();
  const query = trpc.chat.reports.useQuery();
  const [status, setStatus] = useState<string | null>(null);
  const remove = trpc.chat.delete.useMutation({
    onSuccess: () => {
      setStatus(MSG.chat.adminDeleted);
      void utils.chat.reports.invalidate();
    },
    onError: (err) => setStatus(errorMessage(err, MSG.chat.adminDeleted)),
  });
  return (
    <section aria-labelledby="chat-reports-title">
      <h3 id="chat-reports-title" className="notice-section-title">
        {MSG.chat.adminReports}
      </h3>
      {status && <p role="status">{status}</p>}
      <Loaded query={query} loadingLabel="Chargement…" errorFallback={MSG.admin.configLoadFailed}>
        {(reports) =>
          reports.length === 0 ? (
            <EmptyState title={MSG.chat.adminNoReports} />
          ) : (
            <ol className="audit-list">
              {reports.map((r) => (
                <li key={r.message_id} className="audit-entry">
                  <time dateTime={r.last_reported_at} className="audit-when">
                    {WHEN.format(new Date(r.last_reported_at))}
                  </time>
                  <span className="audit-what">
                    <strong>{r.author ?? MSG.chat.formerPlayer}</strong> ·{' '}
                    {MSG.chat.adminRoom(roomOf(r).kind, roomOf(r).id)} ·{' '}
                    {countOf(r.reports, 'signalement', 'signalements')}
                  </span>
                  <span className="audit-entity">« {r.text} »</span>
                  {!r.deleted && (
                    <Button
                      variant="danger"
                      loading={remove.isPending && remove.variables.messageId === r.message_id}
                      onClick={() => {
                        const room = roomOf(r);
                        remove.mutate({ id: room.id, room: room.kind, messageId: r.message_id });
                      }}
                    >
                      {MSG.chat.delete}
                    </Button>
                  )}
                </li>
              ))}
            </ol>
          )
        }
      </Loaded>
    </section>
  );
}
