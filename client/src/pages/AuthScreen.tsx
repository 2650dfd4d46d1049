import type { TUser } from '../lib/auth';

export interface AuthScreenProps {
  onLogin: (user: TUser) => void;
}

export function AuthScreen(_props: AuthScreenProps) {
  return <main className="auth" />;
}
