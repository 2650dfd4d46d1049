import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MSG } from '../../../../common/messages';
import {
  CHAT_EDIT_MINUTES,
  CHAT_TEXT_MAX,
  type TChatMessage,
  type TChatRoom,
} from '../../../../common/schemas/chat';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Button, ConfirmDialog, Spinner } from '../ui';
import { linkify } from './linkify';
import './chat.css';

const PAGE = 50;
const RETRY_MS = 2000;

const TIME = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });
const DAY_TIME = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
function when(iso: string) {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? TIME.format(d) : DAY_TIME.format(d);
}
const authorName = (m: TChatMessage) =>
  m.author
    ? `${m.author.first_name}${m.author.last_initial ? ` ${m.author.last_initial}` : ''}`
    : MSG.chat.formerPlayer;
const editable = (m: TChatMessage, me: number | undefined) =>
  m.kind === 'user' &&
  !m.deleted &&
  m.author?.user_id === me &&
  Date.now() - new Date(m.created_at).getTime() < CHAT_EDIT_MINUTES * 60_000;

/** The page read, overridden by what arrived since (live, older pages, one's own), oldest first. */
function merged(page: readonly TChatMessage[], since: Map<number, TChatMessage>) {
  const all = new Map(page.map((m) => [m.id, m]));
  for (const [id, m] of since) all.set(id, m);
  return [...all.values()].sort((a, b) => a.id - b.id);
}

/**
 * A room's chat for its members, a match's or a group's: the latest messages, older ones on demand,
 * new ones arriving live (`chat.onMessage`), a composer (Enter sends, Shift+Enter goes to the
 * line) for those who write (a match's organiser and players, a group's members), read only for a
 * match's waiting list. Reading it marks it read.
 */
export function ChatPanel({ room, userId }: { room: TChatRoom; userId: number | undefined }) {
  const utils = trpc.useUtils();
  // Every call names the room: `{ id, room }`.
  const at = { id: room.id, room: room.kind };
  const title = room.kind === 'match' ? MSG.chat.title : MSG.chat.groupTitle;
  const list = trpc.chat.list.useQuery({ ...at, limit: PAGE }, { refetchOnWindowFocus: false });
  const [byId, setById] = useState(() => new Map<number, TChatMessage>());
  // null until an older page was asked for: the first page tells whether there are more.
  const [moreOlder, setMoreOlder] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [status, setStatus] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);

  const markRead = trpc.chat.markRead.useMutation({
    onSuccess: () => void utils.chat.unread.invalidate(),
  });
  const sub = trpc.chat.onMessage.useSubscription(
    { ...at, lastEventId: list.data ? String(list.data.rev) : null },
    {
      enabled: Boolean(list.data),
      onData: (e) => {
        const m = e.data;
        setById((prev) => new Map(prev).set(m.id, m));
        if (m.author?.user_id !== userId) markRead.mutate({ ...at, messageId: m.id });
      },
      onError: (err) => {
        const code = err.data?.code;
        if (code === 'FORBIDDEN' || code === 'NOT_FOUND') {
          void utils.chat.list.invalidate(at);
          return;
        }
        if (code === 'UNAUTHORIZED' || code === 'TOO_MANY_REQUESTS') return;
        clearTimeout(retry.current);
        retry.current = setTimeout(() => sub.reset(), RETRY_MS);
      },
    },
  );

  const messages = useMemo(() => merged(list.data?.messages ?? [], byId), [list.data, byId]);
  const hasOlder = moreOlder ?? list.data?.messages.length === PAGE;
  const newest = messages.at(-1)?.id;
  // The newest message in view inside the log, without moving the page: on a group page the chat
  // sits between other cards, and opening the page must not jump down to it.
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);

  const put = (m: TChatMessage) => setById((prev) => new Map(prev).set(m.id, m));
  const fail = (err: unknown) => setStatus({ kind: 'error', text: errorMessage(err, title) });
  const post = trpc.chat.post.useMutation({
    onSuccess: (m) => {
      put(m);
      setDraft('');
      setStatus(null);
    },
    onError: fail,
  });
  const edit = trpc.chat.edit.useMutation({
    onSuccess: (m) => {
      put(m);
      setEditing(null);
    },
    onError: fail,
  });
  const remove = trpc.chat.delete.useMutation({
    onSuccess: put,
    onError: fail,
    onSettled: () => setDeleting(null),
  });
  const report = trpc.chat.report.useMutation({
    onSuccess: (r) => setStatus({ kind: 'info', text: r.message }),
    onError: fail,
  });
  // Muting is the reader's own choice of notices: the list's answer carries it.
  const mute = trpc.chat.mute.useMutation({
    onSuccess: (r) => {
      utils.chat.list.setData({ ...at, limit: PAGE }, (d) => d && { ...d, muted: r.muted });
      setStatus({ kind: 'info', text: r.muted ? MSG.chat.mutedNow : MSG.chat.unmutedNow });
    },
    onError: fail,
  });

  const send = () => {
    if (draft.trim() === '' || post.isPending) return;
    post.mutate({ ...at, text: draft });
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>, submit: () => void) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  const older = async () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = await utils.chat.list.fetch({ ...at, before: first.id, limit: PAGE });
      setById((prev) => {
        const next = new Map(prev);
        for (const m of page.messages) next.set(m.id, m);
        return next;
      });
      setMoreOlder(page.messages.length === PAGE);
    } catch (err) {
      fail(err);
    } finally {
      setLoadingOlder(false);
    }
  };

  if (list.isError) return null;
  const canWrite = list.data?.can_write ?? false;
  const muted = list.data?.muted ?? false;
  return (
    <section className="card chat-panel" aria-labelledby="chat-title">
      <div className="chat-head">
        <h2 className="chat-title" id="chat-title">
          {title}
        </h2>
        {list.data && (
          <Button
            variant="ghost"
            aria-pressed={muted}
            loading={mute.isPending}
            onClick={() => mute.mutate({ ...at, muted: !muted })}
          >
            {muted ? MSG.chat.unmute : MSG.chat.mute}
          </Button>
        )}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : (
        <>
          {hasOlder && (
            <Button variant="ghost" loading={loadingOlder} onClick={() => void older()}>
              {MSG.chat.older}
            </Button>
          )}
          {messages.length === 0 ? (
            <p className="muted chat-empty">{MSG.chat.empty}</p>
          ) : (
            <div ref={log} className="chat-log" role="log" aria-live="polite" aria-label={title}>
              <ol className="chat-list">
                {messages.map((m) =>
                  m.kind === 'system' ? (
                    <li key={m.id} className="chat-system">
                      <span>{m.text}</span>{' '}
                      <time dateTime={m.created_at}>{when(m.created_at)}</time>
                    </li>
                  ) : (
                    <li
                      key={m.id}
                      className={`chat-message${m.author?.user_id === userId ? ' is-mine' : ''}${m.deleted ? ' is-deleted' : ''}`}
                    >
                      <p className="chat-meta">
                        <strong>{authorName(m)}</strong>{' '}
                        <time dateTime={m.created_at}>{when(m.created_at)}</time>
                        {m.edited_at && !m.deleted && (
                          <span className="muted"> ({MSG.chat.edited})</span>
                        )}
                      </p>
                      {editing?.id === m.id ? (
                        <form
                          className="chat-edit"
                          onSubmit={(e) => {
                            e.preventDefault();
                            edit.mutate({ ...at, messageId: m.id, text: editing.text });
                          }}
                        >
                          <label className="visually-hidden" htmlFor={`chat-edit-${m.id}`}>
                            {MSG.chat.edit}
                          </label>
                          <textarea
                            id={`chat-edit-${m.id}`}
                            value={editing.text}
                            maxLength={CHAT_TEXT_MAX}
                            rows={2}
                            onChange={(e) => setEditing({ id: m.id, text: e.target.value })}
                            onKeyDown={(e) =>
                              onKey(e, () =>
                                edit.mutate({ ...at, messageId: m.id, text: editing.text }),
                              )
                            }
                          />
                          <div className="chat-actions">
                            <Button type="submit" loading={edit.isPending}>
                              {MSG.chat.save}
                            </Button>
                            <Button variant="ghost" onClick={() => setEditing(null)}>
                              {MSG.chat.cancel}
                            </Button>
                          </div>
                        </form>
                      ) : (
                        <p className="chat-text">{m.deleted ? m.text : linkify(m.text)}</p>
                      )}
                      {!m.deleted && editing?.id !== m.id && (
                        <div className="chat-actions">
                          {editable(m, userId) ? (
                            <>
                              <button
                                type="button"
                                className="chat-link"
                                onClick={() => setEditing({ id: m.id, text: m.text })}
                              >
                                {MSG.chat.edit}
                              </button>
                              <button
                                type="button"
                                className="chat-link"
                                onClick={() => setDeleting(m.id)}
                              >
                                {MSG.chat.delete}
                              </button>
                            </>
                          ) : (
                            m.author?.user_id !== userId && (
                              <button
                                type="button"
                                className="chat-link"
                                onClick={() => report.mutate({ ...at, messageId: m.id })}
                              >
                                {MSG.chat.report}
                              </button>
                            )
                          )}
                        </div>
                      )}
                    </li>
                  ),
                )}
              </ol>
            </div>
          )}
          {status && (
            <p className={status.kind === 'error' ? 'chat-error' : 'chat-info'} role="status">
              {status.text}
            </p>
          )}
          {canWrite ? (
            <form
              className="chat-composer"
              onSubmit={(e) => {
                e.preventDefault();
                send();
              }}
            >
              <label className="visually-hidden" htmlFor="chat-draft">
                {MSG.chat.draftLabel}
              </label>
              <textarea
                id="chat-draft"
                value={draft}
                rows={2}
                maxLength={CHAT_TEXT_MAX}
                placeholder={MSG.chat.placeholder}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => onKey(e, send)}
              />
              <Button type="submit" loading={post.isPending} disabled={draft.trim() === ''}>
                {MSG.chat.send}
              </Button>
            </form>
          ) : (
            <p className="muted chat-readonly">{MSG.chat.waitlistNote}</p>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={MSG.chat.confirmDelete}
        message={MSG.chat.confirmDeleteText}
        confirmLabel={MSG.chat.delete}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting !== null && remove.mutate({ ...at, messageId: deleting })}
      />
    </section>
  );
}
