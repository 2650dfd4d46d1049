import { MSG } from '../../../../common/messages';
import type { TMyRemoval } from '../../../../common/schemas/room';
import { frenchTypography } from '../../../../common/typography';

/**
 * Tells a player the organiser took them out of the match, with the reason when one was given:
 * without it the page would silently offer to join again, as if nothing had happened.
 */
export function RemovalNotice({ removal }: { removal: TMyRemoval }) {
  if (!removal) return null;
  return (
    <div className="notice notice-warning match-removal" role="status">
      <span className="notice-icon" aria-hidden="true">
        !
      </span>
      <div className="notice-text">
        <p>{frenchTypography(MSG.match.removedYou)}</p>
        {removal.reason && <p>{frenchTypography(MSG.notify.reason(removal.reason))}</p>}
      </div>
    </div>
  );
}
