import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { hygienicStores } from '../hygieneShops.ts';

/** The stores of the hygienic shop tree the caller may use. */
export function useHygienicStores() {
  const shopTree = useSessionStore((state) => state.shopTree);
  return useMemo(() => hygienicStores(shopTree), [shopTree]);
}

/** Filter by stores (none chosen: every store of the caller). */
export function StoreFilter({ value, onChange, testId }: { value: string[]; onChange: (shopIds: string[]) => void; testId: string }) {
  const { t } = useTranslation('hygiene');
  const stores = useHygienicStores();
  return (
    <Select
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      options={stores}
      optionFilterProp="label"
      maxTagCount="responsive"
      placeholder={t('filters.allStores')}
      aria-label={t('columns.store')}
      style={{ minWidth: 200, maxWidth: '100%' }}
      data-testid={testId}
    />
  );
}

/** One store, for a new record or employee. */
export function StoreSelect({ value, onChange, testId }: { value?: string; onChange?: (shopId: string) => void; testId: string }) {
  const { t } = useTranslation('hygiene');
  const stores = useHygienicStores();
  return (
    <Select
      showSearch
      value={value}
      onChange={onChange}
      options={stores}
      optionFilterProp="label"
      placeholder={t('form.chooseStore')}
      aria-label={t('columns.store')}
      data-testid={testId}
    />
  );
}
