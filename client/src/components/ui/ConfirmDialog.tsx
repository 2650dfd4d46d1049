import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { frenchTypography } from '../../../../common/typography';

/** The confirm button either acts by itself, or submits a form the dialog holds (its id). */
type ConfirmAction = { onConfirm: () => void; form?: never } | { form: string; onConfirm?: never };

export type ConfirmDialogProps = ConfirmAction & {
  title: string;
  message: string;
  confirmLabel: string;
  onCancel: () => void;
  open?: boolean;
  loading?: boolean;
  cancelLabel?: string;
  /** 'danger' (default) for what cannot be undone; 'primary' for a confirmed go-ahead. */
  confirmVariant?: 'danger' | 'primary';
  /** What the dialog asks for beyond the question (e.g. a form whose id is `form`). */
  children?: ReactNode;
};

/** Asks before an irreversible action (deleting a match, a place, a level, a user) or an unusual one. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  open = true,
  loading = false,
  cancelLabel = 'Annuler',
  confirmVariant = 'danger',
  form,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      open={open}
      onClose={onCancel}
      className="modal-small"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button
            variant={confirmVariant}
            loading={loading}
            {...(form ? { type: 'submit', form } : { onClick: onConfirm })}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="confirm-message">{frenchTypography(message)}</p>
      {children}
    </Modal>
  );
}
