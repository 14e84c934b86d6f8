import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CreateButton } from '../components/CreateButton.tsx';
import { RectificationList } from '../components/RectificationList.tsx';

/**
 * My rectifications (/myTodo/mendTodo, kept alive): the to-do (items I handle, open ones first by
 * deadline) and what I created or review (answers waiting for my decision), each with its filters
 * and download. The tab is in the address (?tab=created), so the breadcrumb and the back button keep it.
 */
export function MyRectificationsPage() {
  const { t } = useTranslation('rectification');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'created' ? 'created' : 'todo';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'created' ? { tab: 'created' } : {}, { replace: true })}
      data-testid="rectification-tabs"
      items={[
        { key: 'todo', label: t('tabs.todo'), children: <RectificationList kind="mine" extra={<CreateButton />} /> },
        { key: 'created', label: t('tabs.created'), children: <RectificationList kind="created" extra={<CreateButton />} /> },
      ]}
    />
  );
}
