export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { Field, type FieldProps } from './Field';
export { Modal, type ModalProps } from './Modal';
export { Notice, type NoticeKind, type NoticeProps } from './Notice';
export { Spinner, type SpinnerProps } from './Spinner';
export { LoadErrorBoundary, type LoadErrorBoundaryProps } from './LoadErrorBoundary';
