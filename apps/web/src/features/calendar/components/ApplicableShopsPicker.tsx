import { Flex, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShopTreePicker } from '../../../shared/analytics/ShopTreePicker.tsx';
import { selectableShops } from '../../../shared/analytics/shopSelection.ts';
import type { ShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';

const NAMES_SHOWN = 12;
// One empty list for every render: the picker resets its draft when the list it is given changes.
const NO_SHOPS: string[] = [];

export interface ApplicableShopsPickerProps {
  /** Shop ids (an antd Form control: value and onChange come from Form.Item). */
  value?: string[];
  onChange?(shopIds: string[]): void;
  /** Names of chosen stores the tree may not hold (an event's stores, before the tree arrives). */
  knownNames?: ReadonlyMap<string, string>;
  testId: string;
}

/**
 * The applicable stores of a calendar event: the analytics shop tree picker (search, hide closed
 * stores, whole organisations at once) as a form control. Unlike an analytics page, the choice is
 * the form's value and is not remembered per path. The chosen stores are listed below it.
 */
export function ApplicableShopsPicker({ value = NO_SHOPS, onChange, knownNames, testId }: ApplicableShopsPickerProps) {
  const { t } = useTranslation();
  const tree = useSessionStore((state) => state.shopTree);
  const [hideClosed, setHideClosed] = useState(false);

  const shops = useMemo(() => (tree ? selectableShops(tree, hideClosed) : []), [tree, hideClosed]);
  const nameOf = useMemo(() => {
    const names = new Map(knownNames);
    if (tree) for (const shop of selectableShops(tree)) names.set(shop.shopId, shop.name);
    return names;
  }, [tree, knownNames]);
  const names = value.map((id) => nameOf.get(id) ?? id);

  const selection: ShopSelection = {
    mode: 'multiple',
    tree,
    shopIds: value,
    setShopIds: (shopIds) => onChange?.(shopIds),
    hideClosed,
    setHideClosed,
    shopNames: names,
    // A form's field: no day on the page follows the stores chosen here.
    timeZones: [],
    availableCount: shops.length,
    ready: tree !== null && value.length > 0,
  };

  return (
    <Flex vertical gap={8} align="flex-start">
      <ShopTreePicker selection={selection} testId={testId} />
      {names.length > 0 && (
        <Flex wrap gap={4} data-testid={`${testId}-chosen`}>
          {names.slice(0, NAMES_SHOWN).map((name, index) => (
            <Tag key={value[index]} bordered={false}>
              {name}
            </Tag>
          ))}
          {names.length > NAMES_SHOWN && (
            <Typography.Text type="secondary">{t('calendar:events.moreShops', { n: names.length - NAMES_SHOWN })}</Typography.Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}
