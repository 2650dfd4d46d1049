import { useEffect, useId, useRef, useState } from 'react';
import { PIN_SUCCESS_DELAY_MS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { ZChangePinInput, type TChangePinInput } from '../../../../common/schemas/auth';
import { CancelSubmitRow, Modal, Notice } from '../../components/ui';
import { pinErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { PinField } from '../auth/PinInput';
import { PinPairFields } from '../auth/PinPairFields';

export interface ChangePinModalProps {
  open: boolean;
  onClose: () => void;
}

/** Changes the PIN; on success it says so, then closes itself after 1.5 s. */
export function ChangePinModal({ open, onClose }: ChangePinModalProps) {
  return open ? <ChangePinForm onClose={onClose} /> : null;
}

function ChangePinForm({ onClose }: { onClose: () => void }) {
  const form = useZodForm(ZChangePinInput, {
    defaultValues: { currentPin: '', newPin: '', confirmPin: '' },
    fields: ['currentPin', 'newPin', 'confirmPin'],
  });
  const currentPin = useFormField(form, 'currentPin');
  const newPin = useFormField(form, 'newPin', 'confirmPin');
  const confirmPin = useFormField(form, 'confirmPin');
  const [done, setDone] = useState<string | null>(null);
  const formId = useId();
  const change = trpc.auth.changePin.useMutation();

  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => closeRef.current(), PIN_SUCCESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const submit = async (input: TChangePinInput) => {
    try {
      const result = await change.mutateAsync(input);
      if (result.success) setDone(MSG.auth.pinChanged);
      else form.fail(result.message || MSG.auth.pinChangeFailed);
    } catch (e) {
      form.fail(pinErrorMessage(e, MSG.auth.pinChangeFailed));
    }
  };

  return (
    <Modal
      title="Modifier le code PIN"
      open
      onClose={onClose}
      footer={
        <CancelSubmitRow
          form={formId}
          onCancel={onClose}
          loading={change.isPending}
          disabled={!!done}
        />
      }
    >
      <form id={formId} className="stack" noValidate onSubmit={form.onSubmit(submit)}>
        <PinField
          label="PIN actuel"
          field={currentPin}
          name="currentPin"
          autoComplete="current-password"
          disabled={!!done}
        />
        <PinPairFields purpose="change" pin={newPin} confirm={confirmPin} disabled={!!done} />
        <Notice kind="error" message={form.formError} persistent />
        <Notice kind="success" message={done} persistent />
      </form>
    </Modal>
  );
}
