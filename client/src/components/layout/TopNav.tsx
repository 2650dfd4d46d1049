import { useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { MobileMenu } from './MobileMenu';
import { MAIN_LINKS } from './nav-items';
import { UserMenu } from './UserMenu';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'topnav-link active' : 'topnav-link';

export function TopNav() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  if (!user) return null;

  const onLogout = () => {
    setMenuOpen(false);
    void navigate('/');
    void logout();
  };

  return (
    <header className="topnav">
      <div className="topnav-inner">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ●
          </span>
          Padel Match
        </Link>
        <nav aria-label="Navigation principale">
          <ul className="topnav-links">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink className={linkClass} to={link.to}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <UserMenu user={user} onLogout={onLogout} />
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-label="Ouvrir le menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
        </button>
      </div>
      {menuOpen && (
        <MobileMenu
          id="mobile-menu"
          user={user}
          onClosed={() => {
            setMenuOpen(false);
            // Focus was in the menu, which is gone: back to the button that opened it.
            toggle.current?.focus();
          }}
          onLogout={onLogout}
        />
      )}
    </header>
  );
}
