// The login path (main.tsx, pages/AuthScreen.tsx, pages/auth/) imports its few components by file:
// through this index it also loaded the dialogs and Loaded with its tRPC error helpers.
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { Field, type FieldProps } from './Field';
export { Modal, type ModalProps } from './Modal';
export { Notice, type NoticeKind, type NoticeProps } from './Notice';
export { Spinner, type SpinnerProps } from './Spinner';
export { LoadErrorBoundary, type LoadErrorBoundaryProps } from './LoadErrorBoundary';
export { CheckField, InputField, type CheckFieldProps, type InputFieldProps } from './InputField';
export { Loaded, type LoadableQuery, type LoadedProps } from './Loaded';
export { CancelSubmitRow, type CancelSubmitRowProps } from './CancelSubmitRow';
export { TitledCard, type TitledCardProps } from './TitledCard';
