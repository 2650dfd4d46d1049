import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ROUTE_TITLES, useDocumentTitle } from '../../lib/document-title';
import { Footer } from './Footer';
import { TopNav } from './TopNav';

/** The logged-in frame: top navigation, the routed page in <main>, the footer. */
export function Layout({ children }: { children: ReactNode }) {
  useDocumentTitle(ROUTE_TITLES[useLocation().pathname]);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Aller au contenu
      </a>
      <TopNav />
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
