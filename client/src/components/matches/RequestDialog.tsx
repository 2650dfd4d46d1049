import { useEffect, useId } from 'react';
import { MSG } from '../../../../common/messages';
import { REQUEST_MESSAGE_MAX, ZRequestForm } from '../../../../common/schemas/room';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { Button, Field, Modal } from '../ui';
import { levelRange } from './join-level';

export interface RequestDialogProps {
  /** The levels of the match asked for; null when the dialog is closed. */
  levels: readonly string[] | null;
  loading?: boolean;
  /** Called with the trimmed message, or undefined when left blank. */
  onConfirm: (message: string | undefined) => void;
  onCancel: () => void;
}

/**
 * "Demander à rejoindre" (issue 25): a player outside the match's levels asks its organiser, with
 * an optional message checked by the schema the server applies.
 */
export function RequestDialog({
  levels,
  loading = false,
  onConfirm,
  onCancel,
}: RequestDialogProps) {
  const formId = useId();
  const form = useZodForm(ZRequestForm, { defaultValues: { message: '' }, fields: ['message'] });
  const { ref: messageRef, ...message } = useFormField(form, 'message');
  const { reset } = form;
  const open = levels !== null;
  useEffect(() => {
    if (open) reset({ message: '' });
  }, [open, reset]);
  return (
    <Modal
      title={MSG.room.requestTitle}
      open={open}
      onClose={onCancel}
      className="modal-small"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" form={formId} loading={loading}>
            {MSG.room.requestSend}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={form.onSubmit((v) => onConfirm(v.message.trim() || undefined))}
      >
        <p className="confirm-message">{MSG.room.requestText(levelRange(levels ?? []))}</p>
        <Field label={MSG.room.requestMessageLabel} error={message.error}>
          <textarea
            className="input"
            rows={3}
            maxLength={REQUEST_MESSAGE_MAX}
            value={message.value}
            ref={messageRef}
            onChange={(e) => message.onValueChange(e.target.value)}
          />
        </Field>
      </form>
    </Modal>
  );
}
