import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';

export interface CancelSubmitRowProps {
  onCancel: () => void;
  /** The submit button is busy (the form is being sent). */
  loading: boolean;
  disabled?: boolean;
  variant?: ButtonVariant;
  /** The form's id, when the row sits outside it (a modal's footer). */
  form?: string;
  /** The submit button's text; 'Enregistrer' by default. */
  children?: ReactNode;
}

/** The foot of a modal or inline form, right-aligned: 'Annuler', then the form's submit button. */
export function CancelSubmitRow({
  onCancel,
  loading,
  disabled,
  variant,
  form,
  children = 'Enregistrer',
}: CancelSubmitRowProps) {
  return (
    <div className="row row-end">
      <Button variant="secondary" onClick={onCancel}>
        Annuler
      </Button>
      <Button type="submit" form={form} variant={variant} loading={loading} disabled={disabled}>
        {children}
      </Button>
    </div>
  );
}
