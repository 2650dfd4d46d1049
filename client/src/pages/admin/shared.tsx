import type { FormEvent, Key, ReactNode, Ref } from 'react';
import { Button, CheckField, EmptyState, InputField, Notice, Spinner } from '../../components/ui';
import type { FormField } from '../../lib/zod-form';

/**
 * A bound text field's props for InputField, without its message: the admin forms say what is
 * wrong in one notice (the form's alert or its toast), and the submit focuses the field.
 */
export const bound = ({ value, onValueChange, ref }: FormField<string>) => ({
  value,
  onValueChange,
  inputRef: ref,
});

interface PanelHeadProps {
  title: string;
  lead?: string;
  actions?: ReactNode;
}

export function PanelHead({ title, lead, actions }: PanelHeadProps) {
  return (
    <div className="admin-panel-head">
      <div>
        <h2 className="admin-panel-title">{title}</h2>
        {lead && <p className="admin-panel-lead">{lead}</p>}
      </div>
      {actions && <div className="admin-panel-actions">{actions}</div>}
    </div>
  );
}

/** Opens the add form of a list tab, or closes it again. */
export function AddToggleButton({
  open,
  onToggle,
  label,
}: {
  open: boolean;
  onToggle: () => void;
  label: string;
}) {
  return (
    <Button variant={open ? 'secondary' : 'primary'} onClick={onToggle} aria-expanded={open}>
      {open ? 'Fermer le formulaire' : label}
    </Button>
  );
}

interface AdminListProps<T> {
  loading: boolean;
  loadingLabel: string;
  /** Shown instead of the list when loading failed. */
  error?: string | null;
  emptyTitle: string;
  items: readonly T[];
  itemKey: (item: T) => Key;
  /** The content of one item's card. */
  children: (item: T) => ReactNode;
}

/** A tab's list of cards, with its loading, error and empty states. */
export function AdminList<T>({
  loading,
  loadingLabel,
  error,
  emptyTitle,
  items,
  itemKey,
  children,
}: AdminListProps<T>) {
  if (loading) return <Spinner label={loadingLabel} showLabel />;
  if (error) return <Notice kind="error" persistent message={error} />;
  if (items.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <ul className="admin-list">
      {items.map((item) => (
        <li key={itemKey(item)} className="card admin-item">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

interface ItemActionsProps {
  /** What the buttons act on, for their accessible names ("Modifier Padel Club"). */
  name: string;
  onEdit: () => void;
  /** No delete button without it. */
  onDelete?: () => void;
  deleteDisabled?: boolean;
}

export function ItemActions({ name, onEdit, onDelete, deleteDisabled }: ItemActionsProps) {
  return (
    <div className="admin-item-actions">
      <Button variant="secondary" onClick={onEdit} aria-label={`Modifier ${name}`}>
        Modifier
      </Button>
      {onDelete && (
        <Button
          variant="danger"
          onClick={onDelete}
          disabled={deleteDisabled}
          aria-label={`Supprimer ${name}`}
        >
          Supprimer
        </Button>
      )}
    </div>
  );
}

interface AdminFormCardProps {
  /** The form's accessible name ("Ajouter un lieu", "Configuration SMTP"). */
  label: string;
  onSubmit: (event: FormEvent) => void;
  /** The buttons at its foot, the submit last. */
  actions: ReactNode;
  children: ReactNode;
}

/** An admin form as a card: its content, then its buttons. */
export function AdminFormCard({ label, onSubmit, actions, children }: AdminFormCardProps) {
  return (
    <form className="card admin-form" onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      <div className="form-actions">{actions}</div>
    </form>
  );
}

interface EditFormCardProps extends Omit<AdminFormCardProps, 'actions'> {
  title: string;
  /** The check's first message (or null). */
  error: string | null;
  /** A new item ('Ajouter') or a stored one ('Enregistrer'). */
  isNew: boolean;
  saving: boolean;
  onCancel: () => void;
}

/** The add/edit form of a list tab: its title, fields, the check's message, then 'Annuler' and 'Ajouter' or 'Enregistrer'. */
export function EditFormCard({
  title,
  error,
  isNew,
  saving,
  onCancel,
  children,
  ...card
}: EditFormCardProps) {
  return (
    <AdminFormCard
      {...card}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" loading={saving}>
            {isNew ? 'Ajouter' : 'Enregistrer'}
          </Button>
        </>
      }
    >
      <h3 className="admin-form-title">{title}</h3>
      {children}
      <Notice kind="error" persistent message={error} />
    </AdminFormCard>
  );
}

interface SecretFieldProps {
  label: string;
  /** How to keep the stored secret, shown once one is stored. */
  keepHint?: string;
  value: string;
  onValueChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A password or token of a provider's configuration: the stored one is never sent back in full
 * (`keepHint` says how to keep it), and the browser's password manager is not offered it.
 */
export function SecretField({ label, keepHint, value, onValueChange, inputRef }: SecretFieldProps) {
  return (
    <InputField
      label={label}
      hint={keepHint}
      type="password"
      value={value}
      onValueChange={onValueChange}
      inputRef={inputRef}
      autoComplete="new-password"
      spellCheck={false}
    />
  );
}

interface ActivationCheckProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The configuration passed a test since it was last changed. */
  activable: boolean;
  /** The id of the hint that explains when it can be turned on. */
  hintId: string;
}

/** A provider's on switch: it can be turned on only once a test has passed, and turned off at any time. */
export function ActivationCheck({
  label,
  checked,
  onCheckedChange,
  activable,
  hintId,
}: ActivationCheckProps) {
  return (
    <CheckField
      label={label}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={!activable && !checked}
      aria-describedby={hintId}
    />
  );
}
