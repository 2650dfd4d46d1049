import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { TUser } from '../../lib/auth';
import { InstallAppEntry } from '../pwa/InstallAppEntry';
import { Avatar } from './Avatar';
import { HELP_LINK } from './nav-items';

export interface UserMenuProps {
  user: TUser;
  onLogout: () => void;
}

/**
 * The account menu of the top bar: Mon Profil, Administration (admins only), Installer
 * l'application (where the browser can), Aide, Déconnexion.
 */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (root.current && !(event.target instanceof Node && root.current.contains(event.target)))
        setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="user-menu-trigger"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={user.name} photo={user.photo} />
        <span className="user-menu-name">{firstName}</span>
        <span className="visually-hidden"> — menu du compte</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul className="user-menu-list" id={listId}>
          <li>
            <Link className="user-menu-item" to="/profile">
              Mon Profil
            </Link>
          </li>
          {user.is_admin && (
            <li>
              <Link className="user-menu-item" to="/admin">
                Administration
              </Link>
            </li>
          )}
          <InstallAppEntry className="user-menu-item" />
          <li>
            <Link className="user-menu-item" to={HELP_LINK.to}>
              {HELP_LINK.label}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="user-menu-item user-menu-item-danger"
              onClick={onLogout}
            >
              Déconnexion
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
