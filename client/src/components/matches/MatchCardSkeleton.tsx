/** Placeholder with a card's height while matches load, so the page does not jump. */
export function MatchCardSkeleton() {
  return (
    <div className="card match-card match-skeleton" aria-hidden="true">
      <span className="skeleton-line skeleton-title" />
      <span className="skeleton-line" />
      <span className="skeleton-line skeleton-short" />
      <span className="skeleton-line skeleton-short" />
      <span className="skeleton-button" />
    </div>
  );
}

export function MatchGridSkeleton({
  count,
  label = 'Chargement des matchs...',
}: {
  count: number;
  label?: string;
}) {
  return (
    <div className="match-grid">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {Array.from({ length: count }, (_, i) => (
        <MatchCardSkeleton key={i} />
      ))}
    </div>
  );
}
