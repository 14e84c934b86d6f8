import type { RectificationDetail } from '@storelens/contracts';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { disposePathFor } from '../routes.tsx';
import { ReferModal } from './ReferModal.tsx';
import { ReviewButtons } from './ReviewButtons.tsx';

/** The buttons of what the caller may do now (the server says; it checks again on every action). */
export function ItemActions({ item, answerHere = false }: { item: RectificationDetail; answerHere?: boolean }) {
  const { t } = useTranslation('rectification');
  const navigate = useNavigate();
  const [referring, setReferring] = useState(false);
  const { abilities } = item;
  if (!abilities.submit && !abilities.refer && !abilities.review) return null;
  return (
    <Space wrap data-testid="rectification-actions">
      {abilities.submit && !answerHere && (
        <Button type="primary" onClick={() => void navigate(disposePathFor(item.rectificationId))} data-testid="rectification-go-answer">
          {t('actions.answer')}
        </Button>
      )}
      {abilities.review && <ReviewButtons rectificationId={item.rectificationId} itemName={item.itemName} />}
      {abilities.refer && (
        <Button onClick={() => setReferring(true)} data-testid="rectification-refer">
          {t('actions.refer')}
        </Button>
      )}
      {referring && <ReferModal item={item} open={referring} onClose={() => setReferring(false)} />}
    </Space>
  );
}
