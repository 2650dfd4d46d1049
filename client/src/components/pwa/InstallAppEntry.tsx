import { useId, useState } from 'react';
import { isIos, isStandalone, promptInstall, usePwaState } from '../../lib/pwa';
import './pwa.css';

export const INSTALL_LABEL = "Installer l'application";
export const IOS_INSTALL_HINT =
  "Pour installer l'application : touchez Partager, puis « Sur l'écran d'accueil ».";

export interface InstallAppEntryProps {
  /** The class of the menu's other entries (`user-menu-item`, `mobile-menu-link`). */
  className: string;
  /** For tests: the platform checks. */
  ios?: boolean;
  standalone?: boolean;
}

/**
 * "Installer l'application", a menu entry (an <li>): where the browser offered to install the app
 * (`beforeinstallprompt`), it opens the browser's dialog; on iOS, which offers no such event, it
 * shows how to add the app from Safari's Share sheet. Nothing when the app is already installed or
 * the browser cannot install it.
 */
export function InstallAppEntry({ className, ios, standalone }: InstallAppEntryProps) {
  const { installPrompt } = usePwaState();
  const [hintShown, setHintShown] = useState(false);
  const hintId = useId();
  if (standalone ?? isStandalone()) return null;
  if (installPrompt)
    return (
      <li>
        <button type="button" className={className} onClick={() => void promptInstall()}>
          {INSTALL_LABEL}
        </button>
      </li>
    );
  if (!(ios ?? isIos())) return null;
  return (
    <li>
      <button
        type="button"
        className={className}
        aria-expanded={hintShown}
        aria-controls={hintId}
        onClick={() => setHintShown((v) => !v)}
      >
        {INSTALL_LABEL}
      </button>
      <p className="install-hint" id={hintId} hidden={!hintShown}>
        {IOS_INSTALL_HINT}
      </p>
    </li>
  );
}
