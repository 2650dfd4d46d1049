import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFormError } from '../../lib/form-error';
import { PIN_SUCCESS_DELAY_MS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { ZChangePinInput } from '../../../../common/schemas/auth';
import { CancelSubmitRow, Field, Modal, Notice } from '../../components/ui';
import { pinErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PinInput } from '../auth/PinInput';
import { PinPairFields, usePinPair } from '../auth/PinPairFields';
import { firstIssue } from '../../../../common/schemas/first-issue';

export interface ChangePinModalProps {
  open: boolean;
  onClose: () => void;
}

const FIELDS = ['currentPin', 'newPin', 'confirmPin'];

/** Changes the PIN; on success it says so, then closes itself after 1.5 s. */
export function ChangePinModal({ open, onClose }: ChangePinModalProps) {
  return open ? <ChangePinForm onClose={onClose} /> : null;
}

function ChangePinForm({ onClose }: { onClose: () => void }) {
  const [currentPin, setCurrentPin] = useState('');
  const pins = usePinPair();
  const { error, setError, fieldError, edited } = useFormError();
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { currentPin, newPin: pins.pin, confirmPin: pins.confirmPin };
    const invalid = firstIssue(ZChangePinInput.safeParse(input));
    setError(invalid);
    if (invalid) return;
    try {
      const result = await change.mutateAsync(input);
      if (result.success) setDone(MSG.auth.pinChanged);
      else setError({ field: '', message: result.message || MSG.auth.pinChangeFailed });
    } catch (e) {
      setError({ field: '', message: pinErrorMessage(e, MSG.auth.pinChangeFailed) });
    }
  };

  const formError = error && !FIELDS.includes(error.field) ? error.message : null;
  return (
    <Modal
      title="Modifier le code PIN"
      open
      onClose={onClose}
      footer={<CancelSubmitRow form={formId} onCancel={onClose} loading={change.isPending} disabled={!!done} />}
    >
      <form id={formId} className="stack" noValidate onSubmit={(e) => void submit(e)}>
        <Field label="PIN actuel" error={fieldError('currentPin')}>
          <PinInput
            name="currentPin"
            autoComplete="current-password"
            value={currentPin}
            onValueChange={edited(setCurrentPin, 'currentPin')}
            disabled={!!done}
          />
        </Field>
        <PinPairFields purpose="change" pair={pins} form={{ fieldError, edited }} disabled={!!done} />
        <Notice kind="error" message={formError} persistent />
        <Notice kind="success" message={done} persistent />
      </form>
    </Modal>
  );
}
