import type { CustomerSummary } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listAuthorisedCustomers } from '../api.ts';
import { chooseCustomer } from '../sessionActions.ts';
import { useSessionStore } from '../state/sessionStore.ts';

/**
 * Switching customer from the user menu. With one customer there is nothing to switch to, and the
 * user is told so (spec section 1: 'You only have 1 client at the moment').
 */
export function useCustomerSwitcher() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [customers, setCustomers] = useState<readonly CustomerSummary[] | null>(null);

  const open = async () => {
    let list: CustomerSummary[];
    try {
      list = await listAuthorisedCustomers();
    } catch {
      return; // Shown by the HTTP client.
    }
    useSessionStore.getState().setCustomers(list);
    if (list.length <= 1) {
      void message.info(t(list.length === 1 ? 'messages:errors.oneClient' : 'messages:errors.noCustomer'));
      return;
    }
    setCustomers(list);
  };

  const modal = <CustomerSwitchModal customers={customers} onClose={() => setCustomers(null)} />;
  return { open, modal };
}

function CustomerSwitchModal({ customers, onClose }: { customers: readonly CustomerSummary[] | null; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentCid = useSessionStore((state) => state.cid);
  const [choosing, setChoosing] = useState<string | null>(null);

  const choose = async (cid: string) => {
    if (cid === currentCid) {
      onClose();
      return;
    }
    setChoosing(cid);
    try {
      await chooseCustomer(cid);
      // Everything cached belongs to the previous customer.
      queryClient.clear();
      onClose();
      await navigate('/', { replace: true });
    } catch {
      // Shown by the HTTP client.
    } finally {
      setChoosing(null);
    }
  };

  return (
    <Modal open={customers !== null} title={t('session:switcher.title')} footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden>
      <Flex vertical gap={8} data-testid="customer-switch-list">
        {(customers ?? []).map((customer) => (
          <Button
            key={customer.cid}
            block
            size="large"
            type={customer.cid === currentCid ? 'primary' : 'default'}
            ghost={customer.cid === currentCid}
            loading={choosing === customer.cid}
            disabled={choosing !== null && choosing !== customer.cid}
            onClick={() => void choose(customer.cid)}
            style={{ justifyContent: 'space-between' }}
            data-testid={`customer-switch-option-${customer.cid}`}
          >
            <span>{customer.cname}</span>
            {customer.cid === currentCid && <Tag color="blue">{t('session:switcher.current')}</Tag>}
          </Button>
        ))}
      </Flex>
    </Modal>
  );
}
