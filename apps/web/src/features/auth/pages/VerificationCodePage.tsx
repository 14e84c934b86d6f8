import { messageRef, requiredText, VERIFICATION_CODE_LENGTH } from '@storelens/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { rules, schemaRule, useFormFields } from '../../../shared/lib/formFields.ts';
import { PublicPage } from '../../../shared/ui/public/PublicPage.tsx';
import { TextField } from '../../../shared/ui/public/TextField.tsx';
import { SessionLanguageSwitcher } from '../../session/components/SessionLanguageSwitcher.tsx';
import { checkCode, sendEmailCode, sendMobileCode } from '../api.ts';
import { useCountdown } from '../hooks/useCountdown.ts';
import { useOutboxAvailable } from '../hooks/useOutboxAvailable.ts';
import { type RecoveryFlow, readRecoveryFlow, writeRecoveryFlow } from '../recoveryFlow.ts';

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

function VerificationForm({ initialFlow }: { initialFlow: RecoveryFlow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [flow, setFlow] = useState(initialFlow);
  const [busy, setBusy] = useState(false);
  const secondsToResend = useCountdown(flow.resendAt);
  const outboxAvailable = useOutboxAvailable();
  const form = useFormFields(
    { code: '' },
    {
      code: rules(schemaRule(requiredText(VERIFICATION_CODE_LENGTH)), (value) => (CODE_PATTERN.test(value.trim()) ? null : messageRef('errors.codeIncorrect'))),
    },
  );

  const resend = async () => {
    if (secondsToResend > 0 || busy) return;
    setBusy(true);
    try {
      const sent = flow.channel === 'mobile' ? await sendMobileCode(flow.account) : await sendEmailCode(flow.account);
      const next = { ...flow, resendAt: Date.now() + sent.resendAfterSeconds * 1000, expiresInMinutes: sent.expiresInMinutes };
      writeRecoveryFlow(next);
      setFlow(next);
    } catch {
      // Shown by the HTTP client (for instance 'Please wait ... seconds').
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    const code = form.read().code.trim();
    setBusy(true);
    try {
      await checkCode(flow.account, code);
      writeRecoveryFlow({ ...flow, code });
      await navigate('/resetPassword');
    } catch {
      // 'Code incorrect' is shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <h1 className="sl-title">{t('auth:verify.title')}</h1>
      <p className="sl-subtitle">{t(`auth:verify.sentTo.${flow.channel}`, { account: flow.account, minutes: flow.expiresInMinutes })}</p>
      {outboxAvailable && (
        <div className="sl-banner" data-testid="verify-outbox-hint">
          {t('auth:verify.outboxHint')}{' '}
          <Link to="/dev/outbox" target="_blank" className="sl-link" data-testid="verify-outbox-link">
            {t('auth:verify.openOutbox')}
          </Link>
        </div>
      )}
      <TextField
        label={t('auth:verify.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
        testId="verify-code"
        {...form.field('code')}
      />
      <div className="sl-row">
        <span className="sl-subtitle" style={{ margin: 0 }} />
        <button type="button" className="sl-link" disabled={secondsToResend > 0 || busy} onClick={() => void resend()} data-testid="verify-resend">
          {secondsToResend > 0 ? t('auth:verify.resendIn', { seconds: secondsToResend }) : t('auth:verify.resend')}
        </button>
      </div>
      <button type="submit" className="sl-button sl-button--block" disabled={busy} data-testid="verify-submit">
        {t('auth:verify.submit')}
      </button>
      <div className="sl-row" style={{ margin: '16px 0 0', justifyContent: 'center' }}>
        <Link className="sl-link" to="/forgotPassword">
          {t('auth:verify.changeAccount')}
        </Link>
      </div>
    </form>
  );
}

/** Step 2 of password recovery: the code sent to the account. */
export function VerificationCodePage() {
  const flow = readRecoveryFlow();
  if (!flow) return <Navigate to="/forgotPassword" replace />;
  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="verification-code-page">
      <VerificationForm initialFlow={flow} />
    </PublicPage>
  );
}
