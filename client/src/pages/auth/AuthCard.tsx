import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button';

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

/** The foot of a step's form: 'Retour' to the previous step, and the submit button taking the rest of the row. */
export function StepActions({
  onBack,
  loading,
  children,
}: {
  onBack: () => void;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <div className="row">
      <Button variant="secondary" onClick={onBack}>
        Retour
      </Button>
      <Button type="submit" loading={loading} className="grow">
        {children}
      </Button>
    </div>
  );
}
