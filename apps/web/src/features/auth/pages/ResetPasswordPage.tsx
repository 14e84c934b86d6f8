import { messageRef, passwordSchema } from '@storelens/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { rules, schemaRule, useFormFields } from '../../../shared/lib/formFields.ts';
import { PublicPage } from '../../../shared/ui/public/PublicPage.tsx';
import { TextField } from '../../../shared/ui/public/TextField.tsx';
import { SessionLanguageSwitcher } from '../../session/components/SessionLanguageSwitcher.tsx';
import { resetPassword } from '../api.ts';
import { clearRecoveryFlow, type RecoveryFlow, readRecoveryFlow } from '../recoveryFlow.ts';

type ResetField = 'password' | 'confirmPassword';

function ResetForm({ flow, code }: { flow: RecoveryFlow; code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useFormFields<ResetField>(
    { password: '', confirmPassword: '' },
    {
      password: schemaRule(passwordSchema),
      confirmPassword: rules<ResetField>(
        (value) => (value ? null : messageRef('validation.required')),
        (value, values) => (value === values.password ? null : messageRef('validation.passwordMismatch')),
      ),
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !form.validateAll()) return;
    setSaving(true);
    try {
      await resetPassword({ account: flow.account, code, password: form.read().password, confirmPassword: form.read().confirmPassword });
      clearRecoveryFlow();
      await navigate('/login', { replace: true, state: { passwordReset: true } });
    } catch {
      // Shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <h1 className="sl-title">{t('auth:reset.title')}</h1>
      <p className="sl-subtitle">{t('auth:reset.subtitle')}</p>
      <TextField label={t('auth:reset.password')} type="password" autoComplete="new-password" testId="reset-password" {...form.field('password')} />
      <TextField
        label={t('auth:reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        testId="reset-confirm"
        {...form.field('confirmPassword')}
      />
      <button type="submit" className="sl-button sl-button--block" disabled={saving} data-testid="reset-submit">
        {t('auth:reset.submit')}
      </button>
      <div className="sl-row" style={{ margin: '16px 0 0', justifyContent: 'center' }}>
        <Link className="sl-link" to="/login">
          {t('auth:backToLogin')}
        </Link>
      </div>
    </form>
  );
}

/** Step 3 of password recovery: the new password, typed twice. */
export function ResetPasswordPage() {
  const flow = readRecoveryFlow();
  if (!flow?.code) return <Navigate to={flow ? '/verificationCode' : '/forgotPassword'} replace />;
  return (
    <PublicPage languageSwitcher={<SessionLanguageSwitcher />} testId="reset-password-page">
      <ResetForm flow={flow} code={flow.code} />
    </PublicPage>
  );
}
