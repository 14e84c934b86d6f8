import type { Locale } from '@storelens/contracts';
import { App, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { type ReactNode, useEffect, useState } from 'react';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { applyDayjsLocale } from '../../shared/i18n/dayjsLocale.ts';
import { setFeedbackLocale } from '../../shared/ui/feedbackUi.tsx';
import { ProgressBar } from '../../shared/ui/ProgressBar.tsx';
import { appTheme } from '../../shared/ui/theme.ts';

type AntdLocaleModule = { default: AntdLocale };

/** antd locales follow the language (spec: zh_CN, en_US, ko_KR, ja_JP); only the current one is loaded. */
const antdLocaleLoaders: Record<Locale, () => Promise<AntdLocaleModule>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  kr: () => import('antd/es/locale/ko_KR'),
  jp: () => import('antd/es/locale/ja_JP'),
};

export function AntdProviders({ children }: { children: ReactNode }) {
  const locale = useSessionStore((state) => state.locale);
  const [antdLocale, setAntdLocale] = useState<AntdLocale | undefined>(undefined);

  useEffect(() => {
    let current = true;
    Promise.all([antdLocaleLoaders[locale](), applyDayjsLocale(locale)]).then(([module]) => {
      if (!current) return;
      setAntdLocale(module.default);
      setFeedbackLocale(module.default);
    });
    return () => {
      current = false;
    };
  }, [locale]);

  // Until the first locale arrives the pages wait: ConfigProvider wraps its children in one more
  // provider once it has a locale, so pages shown before would be mounted afresh and lose what a
  // quick hand had already typed (seen in the plan form under load). Later switches keep the tree.
  if (!antdLocale) return <ProgressBar active />;
  return (
    <ConfigProvider theme={appTheme} locale={antdLocale}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
