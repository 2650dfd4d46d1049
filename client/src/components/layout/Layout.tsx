import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ROUTE_TITLES, SELF_TITLED, useDocumentTitle } from '../../lib/document-title';
import { PushPrompt } from '../push/PushPrompt';
import { Footer } from './Footer';
import { TopNav } from './TopNav';

/** The logged-in frame: top navigation, the routed page in <main>, the footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useDocumentTitle(SELF_TITLED.test(pathname) ? null : ROUTE_TITLES[pathname]);
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
      <PushPrompt />
    </div>
  );
}
