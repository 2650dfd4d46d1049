import { useEffect, useId } from 'react';
import { MSG } from '../../../../common/messages';
import {
  REASON_MAX,
  reasonOf,
  ZReasonForm,
  ZRequiredReasonForm,
} from '../../../../common/schemas/matches';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { ConfirmDialog, InputField } from '../ui';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  /** Called with the trimmed reason, or undefined when the field was left blank. */
  onConfirm: (reason: string | undefined) => void;
  onCancel: () => void;
  /** A reason is owed (a contest): the field is not optional and blank is refused in the form. */
  required?: { label: string; placeholder: string };
}

/**
 * Confirms an organiser's action that players are told about (removing a player, cancelling the
 * match), with an optional one-line reason ("Motif (facultatif)") added to their notice. The field
 * is checked by the same schema the server applies.
 */
export function ReasonDialog({
  open,
  title,
  message,
  confirmLabel,
  loading = false,
  onConfirm,
  onCancel,
  required,
}: ReasonDialogProps) {
  const formId = useId();
  const form = useZodForm(required ? ZRequiredReasonForm : ZReasonForm, {
    defaultValues: { reason: '' },
    fields: ['reason'],
  });
  const reason = useFormField(form, 'reason');
  const { reset } = form;
  // Each opening starts blank: a reason typed for one player is not meant for the next.
  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);
  return (
    <ConfirmDialog
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      open={open}
      loading={loading}
      onCancel={onCancel}
      form={formId}
    >
      <form id={formId} noValidate onSubmit={form.onSubmit((v) => onConfirm(reasonOf(v.reason)))}>
        <InputField
          label={required?.label ?? MSG.match.reasonLabel}
          placeholder={required?.placeholder ?? MSG.match.reasonPlaceholder}
          maxLength={REASON_MAX}
          autoComplete="off"
          value={reason.value}
          onValueChange={reason.onValueChange}
          inputRef={reason.ref}
          error={reason.error}
        />
      </form>
    </ConfirmDialog>
  );
}
