import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { TopNav } from './TopNav';

/** The logged-in frame: top navigation, the routed page in <main>, the footer. */
export function Layout({ children }: { children: ReactNode }) {
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
