import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { MOBILE_MENU_CLOSE_MS } from '../../../../common/limits';
import type { TUser } from '../../lib/auth';
import { InstallAppEntry } from '../pwa/InstallAppEntry';
import { Avatar } from './Avatar';
import { ADMIN_ROLE, HELP_LINK, MAIN_LINKS } from './nav-items';

export interface MobileMenuProps {
  user: TUser;
  /** Called once the close animation (MOBILE_MENU_CLOSE_MS) has run. */
  onClosed: () => void;
  onLogout: () => void;
  id?: string;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'mobile-menu-link active' : 'mobile-menu-link';

/** A titled group of the menu: a landmark named by its heading, holding a list. */
function MenuSection({
  as: Tag,
  id,
  title,
  children,
}: {
  as: 'nav' | 'section';
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Tag className="mobile-menu-section" aria-labelledby={id}>
      <h2 className="mobile-menu-section-title" id={id}>
        {title}
      </h2>
      <ul className="mobile-menu-list">{children}</ul>
    </Tag>
  );
}

function MenuLink({
  to,
  end,
  onClick,
  children,
}: {
  to: string;
  end?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <NavLink onClick={onClick} className={linkClass} to={to} end={end}>
        {children}
      </NavLink>
    </li>
  );
}

/**
 * The full-screen sliding menu of small screens. It is mounted while open; closing (button, Escape,
 * route change) plays the 300 ms slide-out, then tells the parent to unmount it.
 */
export function MobileMenu({ user, onClosed, onLogout, id }: MobileMenuProps) {
  const [closing, setClosing] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  }, [onClosed]);

  const close = useCallback(() => setClosing(true), []);

  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setClosing(true);
  }

  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(() => onClosedRef.current(), MOBILE_MENU_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [closing]);

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('menu-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('menu-open');
    };
  }, [close]);

  return (
    <div
      id={id}
      className={`mobile-menu ${closing ? 'is-closing' : 'is-open'}`}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
    >
      <div className="mobile-menu-header">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ●
          </span>
          Padel Match
        </span>
        <button
          ref={closeButton}
          type="button"
          className="modal-close"
          onClick={close}
          aria-label="Fermer le menu"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="mobile-menu-account">
        <Avatar name={user.name} photo={user.photo} />
        <div>
          <p className="mobile-menu-account-name">{user.name}</p>
          {user.is_admin && <p className="mobile-menu-account-type">{ADMIN_ROLE}</p>}
        </div>
      </div>
      <MenuSection as="nav" id="mobile-menu-nav" title="Navigation">
        <MenuLink onClick={close} to="/" end>
          Accueil
        </MenuLink>
        {MAIN_LINKS.map((link) => (
          <MenuLink key={link.to} onClick={close} to={link.to}>
            {link.label}
          </MenuLink>
        ))}
      </MenuSection>
      <MenuSection as="nav" id="mobile-menu-account" title="Votre compte">
        <MenuLink onClick={close} to="/profile">
          Mon Profil
        </MenuLink>
        {user.is_admin && (
          <MenuLink onClick={close} to="/admin">
            Administration
          </MenuLink>
        )}
        <InstallAppEntry className="mobile-menu-link" />
      </MenuSection>
      <MenuSection as="section" id="mobile-menu-help" title="Assistance">
        <MenuLink onClick={close} to={HELP_LINK.to}>
          {HELP_LINK.label}
        </MenuLink>
      </MenuSection>
      <div className="mobile-menu-footer">
        <button type="button" className="btn btn-danger btn-block" onClick={onLogout}>
          Déconnexion
        </button>
      </div>
    </div>
  );
}
