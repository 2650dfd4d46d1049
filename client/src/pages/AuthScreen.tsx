import { useState } from 'react';
import { DEFAULT_COUNTRY } from '../../../common/countries';
import { APP_NAME, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { Footer } from '../components/layout/Footer';
import { Notice } from '../components/ui/Notice';
import type { SessionEnd, TUser } from '../lib/auth';
import { setDeviceTrusted } from '../lib/device';
import { useDocumentTitle } from '../lib/document-title';
import { CreateAccountStep } from './auth/CreateAccountStep';
import { LoginStep, type LoginStepProps } from './auth/LoginStep';
import { OtpEmailStep } from './auth/OtpEmailStep';
import { RegisterStartStep, type RegisterStartValues } from './auth/RegisterStartStep';
import { ResetPinStep } from './auth/ResetPinStep';

export type AuthStep = 'phone' | 'otp-email' | 'register' | 'login' | 'reset-pin';

export interface AuthScreenProps {
  onLogin: (user: TUser) => void;
  /** First step shown; 'phone' (registration) unless a test or a link says otherwise. */
  initialStep?: AuthStep;
  /** The session that just ended on this page: open on the login step (with a word when it expired). */
  ended?: SessionEnd | null;
}

/** The code last sent to an e-mail: when it was sent and when a new one may be asked for. */
interface SentCode {
  email: string;
  sentAt: number;
  resendAt: number;
}

const STEP_TITLES: Record<AuthStep, string> = {
  phone: 'Créer un compte',
  'otp-email': 'Vérifiez votre email',
  register: 'Finalisez votre compte',
  login: 'Connexion',
  'reset-pin': 'Réinitialiser le code PIN',
};

/**
 * The only screen of a logged-out visitor (spec sections 2 and 4):
 * phone → otp-email → register → logged in; phone ↔ login; login ↔ reset-pin → logged in.
 * The code sent and the e-mail proven are kept here, so going back and forth between the steps
 * never waits for a new code nor asks again for a code already entered.
 */
export function AuthScreen({ onLogin, initialStep, ended = null }: AuthScreenProps) {
  // A deleted account starts afresh on the first step; another ended session returns to login.
  const [step, setStep] = useState<AuthStep>(
    initialStep ?? (ended && ended.reason !== 'deleted' ? 'login' : 'phone'),
  );
  const [farewell, setFarewell] = useState(ended?.reason === 'deleted');
  const [start, setStart] = useState<RegisterStartValues>({
    name: '',
    email: '',
    phone: '',
    country: DEFAULT_COUNTRY,
  });
  const [sent, setSent] = useState<SentCode | null>(null);
  const [sentNotice, setSentNotice] = useState<string | null>(null);
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [loginEmail, setLoginEmail] = useState(ended?.email ?? '');
  const [loginNotice, setLoginNotice] = useState<LoginStepProps['notice']>(
    ended?.reason === 'expired' ? { kind: 'info', message: MSG.auth.sessionExpired } : null,
  );
  useDocumentTitle(STEP_TITLES[step]);

  /** Every successful login (PIN, registration, PIN reset) trusts this device, then hands the user over. */
  const loggedIn = (user: TUser) => {
    setDeviceTrusted(true);
    onLogin(user);
  };

  const goLogin = (email: string, notice: LoginStepProps['notice'] = null) => {
    setLoginEmail(email);
    setLoginNotice(notice);
    setStep('login');
  };

  const codeStillValid = (email: string) =>
    email === verifiedEmail ||
    (sent !== null && sent.email === email && Date.now() < sent.sentAt + OTP_TTL_MINUTES * 60_000);

  return (
    <div className="auth">
      <main className="auth-main" id="main">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true">
            ●
          </span>
          <h1 className="auth-brand-name">{APP_NAME}</h1>
          <p className="auth-brand-tagline">Trouvez, créez et rejoignez des matchs de padel.</p>
        </div>
        {farewell && step === 'phone' && (
          <Notice
            kind="success"
            message={MSG.account.deleted}
            persistent
            onClose={() => setFarewell(false)}
            className="auth-farewell"
          />
        )}
        {step === 'phone' && (
          <RegisterStartStep
            initial={start}
            hasCodeFor={codeStillValid}
            onContinue={(values) => {
              setStart(values);
              setSentNotice(null);
              setStep(values.email === verifiedEmail ? 'register' : 'otp-email');
            }}
            onCodeSent={(values, resendAfterSeconds, alreadySent) => {
              const now = Date.now();
              setStart(values);
              setVerifiedEmail(null);
              // Refused as too early: the code sent before is the one to enter (sent a resend period ago at most).
              setSent({
                email: values.email,
                sentAt: alreadySent ? now - (OTP_RESEND_SECONDS - resendAfterSeconds) * 1000 : now,
                resendAt: now + resendAfterSeconds * 1000,
              });
              setSentNotice(alreadySent ? MSG.auth.otpAlreadySent : null);
              setStep('otp-email');
            }}
            onHaveAccount={(email) => goLogin(email)}
          />
        )}
        {step === 'otp-email' && (
          <OtpEmailStep
            email={start.email}
            resendAt={sent?.email === start.email ? sent.resendAt : 0}
            verified={verifiedEmail === start.email}
            notice={sentNotice}
            onResent={(resendAt) => setSent({ email: start.email, sentAt: Date.now(), resendAt })}
            onVerified={() => {
              setVerifiedEmail(start.email);
              setStep('register');
            }}
            onChangeEmail={() => setStep('phone')}
          />
        )}
        {step === 'register' && (
          <CreateAccountStep
            {...start}
            onLoggedIn={loggedIn}
            onCreatedNotLoggedIn={(email) =>
              goLogin(email, { kind: 'error', message: MSG.auth.createdButLoginFailed })
            }
            onBack={() => setStep('otp-email')}
            onChangeEmail={() => setStep('phone')}
          />
        )}
        {step === 'login' && (
          <LoginStep
            key={loginEmail}
            initialEmail={loginEmail}
            notice={loginNotice}
            onLoggedIn={loggedIn}
            onChangeEmail={() => setStep('phone')}
            onCreateAccount={() => setStep('phone')}
            onForgotPin={(email) => {
              setLoginEmail(email);
              setStep('reset-pin');
            }}
          />
        )}
        {step === 'reset-pin' && (
          <ResetPinStep
            initialEmail={loginEmail}
            onLoggedIn={loggedIn}
            onBack={() => goLogin(loginEmail)}
          />
        )}
      </main>
      <Footer />
    </div>
  );
}
