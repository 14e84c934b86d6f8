import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanButton } from '../../session/components/CanButton.tsx';
import { CreateRectificationModal } from './CreateRectificationModal.tsx';

/** 'Create rectification' (spec section 6: the button follows the key; the server checks it again). */
export function CreateButton() {
  const { t } = useTranslation('rectification');
  const [open, setOpen] = useState(false);
  return (
    <>
      <CanButton permission="rectification_create" type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="rectification-create">
        {t('create.button')}
      </CanButton>
      {open && <CreateRectificationModal open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
