import { isLocale } from '@storelens/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { PublicPage } from '../../../shared/ui/public/PublicPage.tsx';
import { SessionLanguageSwitcher } from '../../session/components/SessionLanguageSwitcher.tsx';
import { listOutbox, type OutboxMessage } from '../api.ts';

type OutboxState = { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'ready'; messages: OutboxMessage[] };

/**
 * Development only: the e-mails and text messages the server would have sent (recovery codes).
 * In production the server answers 404 and this page says so.
 */
export function DevOutboxPage() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<OutboxState>({ kind: 'loading' });

  const load = useCallback(() => {
    listOutbox().then(
      (messages) => setState({ kind: 'ready', messages: [...messages].sort((a, b) => b.created_at.localeCompare(a.created_at)) }),
      () => setState({ kind: 'unavailable' }),
    );
  }, []);

  useEffect(load, [load]);

  return (
    <PublicPage wide languageSwitcher={<SessionLanguageSwitcher />} testId="dev-outbox-page">
      <div className="sl-row" style={{ margin: '0 0 12px' }}>
        <h1 className="sl-title" style={{ margin: 0 }}>
          {t('auth:outbox.title')}
        </h1>
        <button type="button" className="sl-button sl-button--ghost" onClick={load} data-testid="outbox-refresh">
          {t('auth:outbox.refresh')}
        </button>
      </div>
      <p className="sl-subtitle">{t('auth:outbox.subtitle')}</p>
      {state.kind === 'loading' && <p className="sl-subtitle">{t('common:loading')}</p>}
      {state.kind === 'unavailable' && <div className="sl-banner sl-banner--error">{t('auth:outbox.unavailable')}</div>}
      {state.kind === 'ready' && state.messages.length === 0 && <p className="sl-subtitle">{t('auth:outbox.empty')}</p>}
      {state.kind === 'ready' && state.messages.length > 0 && (
        <table className="sl-table" data-testid="outbox-list">
          <thead>
            <tr>
              <th>{t('auth:outbox.time')}</th>
              <th>{t('auth:outbox.channel')}</th>
              <th>{t('auth:outbox.recipient')}</th>
              <th>{t('auth:outbox.message')}</th>
            </tr>
          </thead>
          <tbody>
            {state.messages.map((message) => (
              <tr key={message.id} data-testid="outbox-item">
                <td>{formatDateTime(message.created_at, isLocale(i18n.language) ? i18n.language : 'en')}</td>
                <td>{message.channel === 'sms' ? t('auth:outbox.sms') : t('auth:outbox.email')}</td>
                <td>{message.recipient}</td>
                <td>
                  {message.subject && <strong>{message.subject}</strong>}
                  <pre className="sl-pre">{message.body}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PublicPage>
  );
}
