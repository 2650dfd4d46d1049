export interface SpinnerProps {
  label?: string;
  /** Shows the label next to the spinner instead of only to screen readers. */
  showLabel?: boolean;
}

export function Spinner({ label = 'Chargement...', showLabel = false }: SpinnerProps) {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className={showLabel ? 'spinner-label' : 'visually-hidden'}>{label}</span>
    </div>
  );
}
