import { isLocale, LOCALES, type Locale } from '@storelens/contracts';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n/i18n.ts';

export function LanguageSwitcher({ value, onChange }: { value: Locale; onChange(locale: Locale): void }) {
  const { t } = useTranslation();
  return (
    <select
      className="sl-select"
      aria-label={t('common:language')}
      data-testid="language-switcher"
      value={value}
      onChange={(event) => {
        if (isLocale(event.target.value)) onChange(event.target.value);
      }}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} data-testid={`language-option-${locale}`}>
          {LANGUAGE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
