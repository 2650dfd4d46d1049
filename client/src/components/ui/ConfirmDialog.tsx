import { Button } from './Button';
import { Modal } from './Modal';
import { frenchTypography } from '../../../../common/typography';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  open?: boolean;
  loading?: boolean;
  cancelLabel?: string;
  /** 'danger' (default) for what cannot be undone; 'primary' for a confirmed go-ahead. */
  confirmVariant?: 'danger' | 'primary';
}

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
          <Button variant={confirmVariant} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="confirm-message">{frenchTypography(message)}</p>
    </Modal>
  );
}
