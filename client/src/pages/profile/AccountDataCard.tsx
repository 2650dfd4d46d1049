import { useId, useState } from 'react';
import { MSG } from '../../../../common/messages';
import { ZDeleteAccountInput } from '../../../../common/schemas/account';
import { Button, CancelSubmitRow, Modal, TitledCard } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { PinField } from '../auth/PinInput';

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
  const form = useZodForm(ZDeleteAccountInput, {
    defaultValues: { id: userId, pin: '' },
    fields: ['pin'],
  });
  const pin = useFormField(form, 'pin');
  const remove = trpc.users.deleteAccount.useMutation();
  const formId = useId();

  const submit = async ({ pin }: { pin: string }) => {
    try {
      await remove.mutateAsync({ id: userId, pin });
    } catch (e) {
      return form.fail(errorMessage(e, MSG.account.deleteFailed), 'pin');
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
      <form id={formId} className="stack" noValidate onSubmit={form.onSubmit(submit)}>
        <p>{MSG.account.deleteWarning}</p>
        <PinField
          label={MSG.account.deleteConfirmPin}
          field={pin}
          error={form.formError}
          name="pin"
          autoComplete="current-password"
        />
      </form>
    </Modal>
  );
}
