import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** The frame of one authentication step: its heading, a short explanation, then the form. */
export function AuthCard({ title, lead, children }: AuthCardProps) {
  return (
    <section className="card auth-card" aria-labelledby="auth-step-title">
      <div className="stack">
        <h2 className="auth-title" id="auth-step-title">
          {title}
        </h2>
        {lead && <p className="auth-lead">{lead}</p>}
      </div>
      {children}
    </section>
  );
}
