import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Notice, Spinner } from '../components/ui';
import { GROUP_MSG } from '../../../common/messages-groups';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';

/**
 * `/g/<token>`, the invite link: once logged in (the app shows the login first and keeps this
 * address), the player joins at once and lands on the group's page.
 */
export default function JoinGroupPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const join = trpc.groups.join.useMutation({
    onSuccess: async (g) => {
      await utils.groups.mine.invalidate();
      void navigate(`/groups/${g.id}`, { replace: true, state: { notice: g.message } });
    },
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    join.mutate({ token });
  }, [join, token]);
  return (
    <div className="page">
      <h1 className="page-title">Rejoindre un groupe</h1>
      {join.isError ? (
        <Notice
          kind="error"
          persistent
          message={errorMessage(join.error, GROUP_MSG.inviteInvalid)}
        />
      ) : (
        <Spinner label="Entrée dans le groupe…" showLabel />
      )}
    </div>
  );
}
