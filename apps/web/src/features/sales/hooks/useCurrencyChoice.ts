import type { CurrencyCode, DateRange, MoneyCheckResponse } from '@storelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchCurrencyCheck } from '../api.ts';

export interface CurrencyChoice {
  /** The currency check has answered: the figures may be asked for. */
  ready: boolean;
  check: MoneyCheckResponse | undefined;
  /** Only the shops of this currency (undefined: all, converted when they differ). */
  currency: CurrencyCode | undefined;
  setCurrency: (currency: CurrencyCode | undefined) => void;
}

/**
 * Which currency the money figures of a page are in. The page asks the server first whether the
 * chosen shops' amounts can be added up; when they cannot (several currencies, a rate missing),
 * it shows the figures of one currency at a time (the currency of most shops first) instead of
 * asking for figures the server would refuse.
 */
export function useCurrencyChoice(shops: ShopSelection, range: DateRange): CurrencyChoice {
  const cid = useSessionStore((state) => state.cid);
  const [wanted, setCurrency] = useState<CurrencyCode | undefined>();
  const request = { shopIds: shops.shopIds, ...range };
  const check = useQuery({
    queryKey: ['sales', 'currencyCheck', cid, request],
    queryFn: () => fetchCurrencyCheck(request),
    enabled: shops.ready && cid !== null,
  });
  const currencies = check.data?.currencies ?? [];
  const valid = wanted !== undefined && currencies.some((share) => share.currency === wanted) ? wanted : undefined;
  const mostShops = [...currencies].sort((a, b) => b.shopCount - a.shopCount)[0]?.currency as CurrencyCode | undefined;
  const currency = valid ?? (check.data?.refusal ? mostShops : undefined);
  return { ready: shops.ready && check.isSuccess, check: check.data, currency, setCurrency };
}

/** The request fields of a currency choice. */
export function currencyField(choice: CurrencyChoice): { currency?: CurrencyCode } {
  return choice.currency ? { currency: choice.currency } : {};
}
