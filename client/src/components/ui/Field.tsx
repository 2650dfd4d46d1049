import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { frenchTypography } from '../../../../common/typography';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** The control (input, select, textarea); it receives the id, aria-describedby and aria-invalid. */
  children: ReactElement<ControlProps>;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  className?: string;
}

/** A labelled form control with an optional hint and error, both linked to the control for screen readers. */
export function Field({ label, children, error, hint, id, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? children.props.id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy =
    [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={['field', error ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      <label className="field-label" htmlFor={controlId}>
        {label}
      </label>
      {cloneElement(children, {
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
      })}
      {hint && (
        <p className="field-hint" id={hintId}>
          {typeof hint === 'string' ? frenchTypography(hint) : hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {frenchTypography(error)}
        </p>
      )}
    </div>
  );
}
