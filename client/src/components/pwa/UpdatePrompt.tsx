import { useState } from 'react';
import { usePwaState } from '../../lib/pwa';
import './pwa.css';

export const UPDATE_TEXT = 'Nouvelle version disponible';
export const UPDATE_ACTION = 'Recharger';

/**
 * A bar at the foot of the screen when a new build is waiting: "Nouvelle version disponible —
 * Recharger". The button lets the new worker take over; the page then reloads on the new build.
 */
export function UpdatePrompt() {
  const { applyUpdate } = usePwaState();
  const [reloading, setReloading] = useState(false);
  if (!applyUpdate) return null;
  return (
    <div className="update-prompt" role="status">
      <p className="update-prompt-text">
        {UPDATE_TEXT}
        <span aria-hidden="true"> — </span>
      </p>
      <button
        type="button"
        className="btn btn-primary update-prompt-button"
        disabled={reloading}
        aria-busy={reloading || undefined}
        onClick={() => {
          setReloading(true);
          applyUpdate();
        }}
      >
        {UPDATE_ACTION}
      </button>
    </div>
  );
}
