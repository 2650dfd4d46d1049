import { useId, useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { ZDeleteAccountInput } from '../../../../common/schemas/account';
import { Button, CancelSubmitRow, Field, Modal, TitledCard } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PinInput } from '../auth/PinInput';

/**
 * "Mes données": the player downloads everything stored about them (a plain link, so the browser
 * saves the JSON file with its session cookie) or deletes their account after typing their PIN.
 */
export function AccountDataCard({ userId }: { userId: number }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <TitledCard title="Mes données">
      <div className="row">
        <a
          className="btn btn-secondary"
          href={`/api/users/${userId}/export`}
          download={`padel-match-donnees-${userId}.json`}
        >
          {MSG.account.exportButton}
        </a>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {MSG.account.deleteButton}
        </Button>
      </div>
      {deleting && <DeleteAccountModal userId={userId} onClose={() => setDeleting(false)} />}
    </TitledCard>
  );
}

function DeleteAccountModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { accountDeleted } = useAuth();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = trpc.users.deleteAccount.useMutation();
  const formId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZDeleteAccountInput.safeParse({ id: userId, pin });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.auth.pinFormat);
    try {
      await remove.mutateAsync(parsed.data);
    } catch (e) {
      return setError(errorMessage(e, MSG.account.deleteFailed));
    }
    accountDeleted();
  };

  return (
    <Modal
      title={MSG.account.deleteButton}
      open
      onClose={onClose}
      footer={
        <CancelSubmitRow
          form={formId}
          onCancel={onClose}
          loading={remove.isPending}
          variant="danger"
        >
          {MSG.account.deleteButton}
        </CancelSubmitRow>
      }
    >
      <form id={formId} className="stack" noValidate onSubmit={(e) => void submit(e)}>
        <p>{MSG.account.deleteWarning}</p>
        <Field label={MSG.account.deleteConfirmPin} error={error}>
          <PinInput name="pin" autoComplete="current-password" value={pin} onValueChange={setPin} />
        </Field>
      </form>
    </Modal>
  );
}
