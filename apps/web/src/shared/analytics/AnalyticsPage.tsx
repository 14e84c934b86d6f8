import { Space } from 'antd';
import type { ReactNode } from 'react';
import { SelectShopsFirst } from './SelectShopsFirst.tsx';
import type { ShopSelection } from './useShopSelection.ts';

export interface AnalyticsPageProps {
  testId: string;
  /** The page's AnalyticsToolbar. */
  toolbar: ReactNode;
  shops: ShopSelection;
  /** The page's figures, shown once a shop is chosen. */
  children: ReactNode;
}

/**
 * The frame of an analytics page: the toolbar on top, then the figures, or, while no shop is
 * chosen, a request to choose one (never empty figures that look like no traffic).
 */
export function AnalyticsPage({ testId, toolbar, shops, children }: AnalyticsPageProps) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid={testId}>
      {toolbar}
      {!shops.ready && shops.tree ? <SelectShopsFirst /> : children}
    </Space>
  );
}
