import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';

export interface CancelSubmitRowProps {
  onCancel: () => void;
  /** The submit button is busy (the form is being sent). */
  loading: boolean;
  disabled?: boolean;
  variant?: ButtonVariant;
  /** The submit button's text; 'Enregistrer' by default. */
  children?: ReactNode;
}

/** The foot of a modal or inline form, right-aligned: 'Annuler', then the form's submit button. */
export function CancelSubmitRow({ onCancel, loading, disabled, variant, children = 'Enregistrer' }: CancelSubmitRowProps) {
  return (
    <div className="row row-end">
      <Button variant="secondary" onClick={onCancel}>
        Annuler
      </Button>
      <Button type="submit" variant={variant} loading={loading} disabled={disabled}>
        {children}
      </Button>
    </div>
  );
}
