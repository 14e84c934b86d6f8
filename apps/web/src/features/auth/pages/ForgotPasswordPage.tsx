import { isEmailOrPhone, messageRef, requiredText } from '@storelens/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { rules, schemaRule, useFormFields } from '../../../shared/lib/formFields.ts';
import { PublicPage } from '../../../shared/ui/public/PublicPage.tsx';
import { TextField } from '../../../shared/ui/public/TextField.tsx';
import { SessionLanguageSwitcher } from '../../session/components/SessionLanguageSwitcher.tsx';
import { isUserExist, sendEmailCode, sendMobileCode } from '../api.ts';
import { writeRecoveryFlow } from '../recoveryFlow.ts';

const ACCOUNT_MAX_CHARS = 254;

/** Step 1 of password recovery: the account (mobile number or e-mail) that receives a code. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [unknownAccount, setUnknownAccount] = useState<'mobile' | 'email' | null>(null);
  const form = useFormFields(
    { account: '' },
    {
      account: rules(schemaRule(requiredText(ACCOUNT_MAX_CHARS)), (value) => (isEmailOrPhone(value) ? null : messageRef('validation.invalidEmailOrPhone'))),
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !form.validateAll()) return;
    const account = form.read().account.trim();
    setSending(true);
    setUnknownAccount(null);
    try {
      // The server answers 'Phone number does not exist' or 'Invalid email or phone' in a modal.
      const lookup = await isUserExist(account);
      if (!lookup.exists) {
        setUnknownAccount(lookup.type);
        return;
      }
      const sent = lookup.type === 'mobile' ? await sendMobileCode(account) : await sendEmailCode(account);
      writeRecoveryFlow({
        account,
        channel: lookup.type,
        resendAt: Date.now() + sent.resendAfterSeconds * 1000,
        expiresInMinutes: sent.expiresInMinutes,
      });
      await navigate('/verificationCode');
    } catch {
      // Already shown by the HTTP client.
    } finally {
      setSending(false);
    }
  };

  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="forgot-password-page">
      <form onSubmit={submit} noValidate>
        <h1 className="sl-title">{t('auth:forgot.title')}</h1>
        <p className="sl-subtitle">{t('auth:forgot.subtitle')}</p>
        {unknownAccount && (
          <div className="sl-banner sl-banner--error" role="alert" data-testid="forgot-unknown-account">
            {t(unknownAccount === 'mobile' ? 'messages:errors.phoneNotExist' : 'messages:errors.emailNotExist')}
          </div>
        )}
        <TextField
          label={t('auth:forgot.account')}
          placeholder={t('auth:forgot.accountPlaceholder')}
          autoComplete="username"
          testId="forgot-account"
          {...form.field('account')}
        />
        <button type="submit" className="sl-button sl-button--block" disabled={sending} data-testid="forgot-submit">
          {sending ? t('auth:forgot.sending') : t('auth:forgot.submit')}
        </button>
        <div className="sl-row" style={{ margin: '16px 0 0', justifyContent: 'center' }}>
          <Link className="sl-link" to="/login">
            {t('auth:backToLogin')}
          </Link>
        </div>
      </form>
    </PublicPage>
  );
}
