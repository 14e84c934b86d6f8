import { type CurrencyCode, type MessageKey, type MoneyInfo, messageRef } from '@storelens/contracts';
import { Alert, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateMessageRef } from '../../../shared/i18n/i18n.ts';
import type { CurrencyChoice } from '../hooks/useCurrencyChoice.ts';

const ALL = 'all';

/**
 * What the money figures of a page are in (issue 11 section 2): the currency, the exchange rates a
 * conversion used (pair, rate, date, source), the shops left out of the per-m² figures, and, over
 * shops of several currencies, the choice of one currency; when their amounts cannot be added up
 * (a rate is missing), the server's reason and the figures per currency.
 */
export function MoneyBar({ choice, money, testId = 'money-bar' }: { choice: CurrencyChoice; money: MoneyInfo | undefined; testId?: string }) {
  const { t } = useTranslation();
  const check = choice.check;
  const currencies = check?.currencies ?? [];
  const options = [
    ...(check?.refusal ? [] : [{ value: ALL, label: t('sales:money.allConverted', { currency: check?.reportingCurrency ?? '' }) }]),
    ...currencies.map((share) => ({ value: share.currency, label: t('sales:money.currencyShops', { currency: share.currency, count: share.shopCount }) })),
  ];
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }} data-testid={testId}>
      {check?.refusal && (
        <Alert
          type="warning"
          showIcon
          data-testid={`${testId}-refusal`}
          title={translateMessageRef(messageRef(check.refusal.key as MessageKey, check.refusal.params))}
        />
      )}
      {currencies.length > 1 && (
        <Space wrap>
          <Typography.Text>{t('sales:money.show')}</Typography.Text>
          <Segmented
            size="small"
            options={options}
            value={choice.currency ?? ALL}
            onChange={(value) => choice.setCurrency(value === ALL ? undefined : (value as CurrencyCode))}
            data-testid={`${testId}-currency`}
          />
        </Space>
      )}
      {money && (
        <Typography.Text type="secondary" data-testid={`${testId}-info`}>
          {money.converted
            ? t('sales:money.converted', {
                currency: money.currency,
                rates: money.rates
                  .map((rate) =>
                    t('sales:money.rate', { base: rate.baseCurrency, quote: rate.quoteCurrency, rate: rate.rate, date: rate.date, source: rate.source }),
                  )
                  .join('; '),
              })
            : t('sales:money.amountsIn', { currency: money.currency })}
          {money.shopsWithoutArea > 0 ? ` ${t('sales:money.withoutArea', { count: money.shopsWithoutArea })}` : ''}
        </Typography.Text>
      )}
    </Space>
  );
}
