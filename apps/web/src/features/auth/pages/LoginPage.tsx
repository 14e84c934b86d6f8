import { firstError, requiredText } from '@storelens/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { schemaRule, useFormFields } from '../../../shared/lib/formFields.ts';
import { isHttpError } from '../../../shared/lib/http.ts';
import { PublicPage } from '../../../shared/ui/public/PublicPage.tsx';
import { TextField } from '../../../shared/ui/public/TextField.tsx';
import { safeRedirectPath } from '../../session/afterSignIn.ts';
import { SessionLanguageSwitcher } from '../../session/components/SessionLanguageSwitcher.tsx';
import { useContinueAfterSignIn } from '../../session/hooks/useContinueAfterSignIn.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { type CaptchaChallenge, checkCaptcha, login } from '../api.ts';

type LoginField = 'account' | 'password' | 'captchaText';

const ACCOUNT_MAX_CHARS = 254;
const PASSWORD_MAX_CHARS = 128;
const CAPTCHA_MAX_CHARS = 16;

function captchaWasDemanded(error: unknown): boolean {
  if (!isHttpError(error) || typeof error.data !== 'object' || error.data === null) return false;
  return (error.data as { captchaRequired?: unknown }).captchaRequired === true;
}

/** The SVG comes from our server; as an <img> it cannot run script, unlike inline markup. */
function captchaSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function LoginForm() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const signIn = useSessionStore((state) => state.signIn);
  const continueAfterSignIn = useContinueAfterSignIn();
  const [captcha, setCaptcha] = useState<CaptchaChallenge | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [noCustomer, setNoCustomer] = useState(false);
  const passwordWasReset = (location.state as { passwordReset?: boolean } | null)?.passwordReset === true;

  const form = useFormFields<LoginField>(
    { account: '', password: '', captchaText: '' },
    {
      account: schemaRule(requiredText(ACCOUNT_MAX_CHARS)),
      password: schemaRule(requiredText(PASSWORD_MAX_CHARS)),
      captchaText: (value) => (captcha?.required ? firstError(requiredText(CAPTCHA_MAX_CHARS), value) : null),
    },
  );

  const refreshCaptcha = async (account: string) => {
    if (!account.trim()) return;
    try {
      const challenge = await checkCaptcha(account.trim());
      setCaptcha(challenge.required ? challenge : null);
      form.setValue('captchaText', '');
    } catch {
      // Without a challenge the server will ask again on submit; nothing to show here.
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !form.validateAll()) return;
    setSubmitting(true);
    setNoCustomer(false);
    const { account, password, captchaText } = form.read();
    try {
      const result = await login({
        account: account.trim(),
        password,
        ...(captcha?.captchaId ? { captchaId: captcha.captchaId, captchaText: captchaText.trim() } : {}),
      });
      signIn(result);
      const step = await continueAfterSignIn(result.cids, searchParams.get('selectCustomer'), safeRedirectPath(searchParams.get('redirect')));
      if (step.kind === 'noCustomer') setNoCustomer(true);
    } catch (error) {
      // The HTTP client has shown the server's message; a captcha demand or a used-up captcha
      // means a fresh image is needed.
      if (captchaWasDemanded(error) || captcha) await refreshCaptcha(account);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <h1 className="sl-title">{t('auth:login.title')}</h1>
      <p className="sl-subtitle">{t('auth:login.subtitle')}</p>
      {passwordWasReset && <div className="sl-banner sl-banner--success">{t('auth:reset.done')}</div>}
      {noCustomer && (
        <div className="sl-banner sl-banner--error" role="alert" data-testid="login-no-customer">
          {t('messages:errors.noCustomer')}
        </div>
      )}
      <TextField
        label={t('auth:login.account')}
        placeholder={t('auth:login.accountPlaceholder')}
        autoComplete="username"
        testId="login-account"
        {...form.field('account')}
        onBlur={() => {
          form.field('account').onBlur();
          void refreshCaptcha(form.read().account);
        }}
      />
      <TextField label={t('auth:login.password')} type="password" autoComplete="current-password" testId="login-password" {...form.field('password')} />
      {captcha?.image && (
        <div className="sl-captcha">
          <TextField label={t('auth:login.captcha')} autoComplete="off" testId="login-captcha" {...form.field('captchaText')} />
          <button type="button" className="sl-link" onClick={() => void refreshCaptcha(form.read().account)} title={t('auth:login.captchaRefresh')}>
            <img src={captchaSource(captcha.image)} alt={t('auth:login.captchaImage')} data-testid="login-captcha-image" />
          </button>
        </div>
      )}
      <div className="sl-row">
        <span />
        <Link className="sl-link" to="/forgotPassword" data-testid="login-forgot-password">
          {t('auth:login.forgotPassword')}
        </Link>
      </div>
      <button type="submit" className="sl-button sl-button--block" disabled={submitting} data-testid="login-submit">
        {submitting ? t('auth:login.signingIn') : t('auth:login.submit')}
      </button>
    </form>
  );
}

export function LoginPage() {
  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="login-page">
      <LoginForm />
    </PublicPage>
  );
}

/**
 * /login/kr: the Korean entrance. Its route switches the language to Korean before it renders
 * (meta.locale); like /login it accepts ?selectCustomer=<cid>.
 */
export function KoreanLoginPage() {
  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="login-page" privacyPath="/dyvityPrivacy">
      <LoginForm />
    </PublicPage>
  );
}
