import { useState } from 'react';
import { DEFAULT_COUNTRY } from '../../../common/countries';
import { APP_NAME, OTP_RESEND_SECONDS } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { Footer } from '../components/layout/Footer';
import type { TUser } from '../lib/auth';
import { setDeviceTrusted } from '../lib/device';
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
}

/**
 * The only screen of a logged-out visitor (spec sections 2 and 4):
 * phone → otp-email → register → logged in; phone ↔ login; login ↔ reset-pin → logged in.
 */
export function AuthScreen({ onLogin, initialStep = 'phone' }: AuthScreenProps) {
  const [step, setStep] = useState<AuthStep>(initialStep);
  const [start, setStart] = useState<RegisterStartValues>({ name: '', email: '', phone: '', country: DEFAULT_COUNTRY });
  const [resendAfter, setResendAfter] = useState(OTP_RESEND_SECONDS);
  const [loginEmail, setLoginEmail] = useState('');
  const [loginNotice, setLoginNotice] = useState<LoginStepProps['notice']>(null);

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
        {step === 'phone' && (
          <RegisterStartStep
            initial={start}
            onCodeSent={(values, seconds) => {
              setStart(values);
              setResendAfter(seconds);
              setStep('otp-email');
            }}
            onHaveAccount={(email) => goLogin(email)}
          />
        )}
        {step === 'otp-email' && (
          <OtpEmailStep
            email={start.email}
            resendAfterSeconds={resendAfter}
            onVerified={() => setStep('register')}
            onChangeEmail={() => setStep('phone')}
          />
        )}
        {step === 'register' && (
          <CreateAccountStep
            {...start}
            onLoggedIn={loggedIn}
            onCreatedNotLoggedIn={(email) => goLogin(email, { kind: 'error', message: MSG.auth.createdButLoginFailed })}
            onBack={() => setStep('otp-email')}
          />
        )}
        {step === 'login' && (
          <LoginStep
            key={loginEmail}
            initialEmail={loginEmail}
            notice={loginNotice}
            onLoggedIn={loggedIn}
            onChangeEmail={() => setStep('phone')}
            onForgotPin={(email) => {
              setLoginEmail(email);
              setStep('reset-pin');
            }}
          />
        )}
        {step === 'reset-pin' && <ResetPinStep initialEmail={loginEmail} onLoggedIn={loggedIn} onBack={() => goLogin(loginEmail)} />}
      </main>
      <Footer />
    </div>
  );
}
