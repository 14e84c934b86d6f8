import { BCP47, type UserInfo } from '@storelens/contracts';
import { Alert, Button, Card, Descriptions, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { ChangePasswordModal } from '../components/ChangePasswordModal.tsx';
import { EditInfoModal } from '../components/EditInfoModal.tsx';
import { useUserInfo } from '../hooks/useUserInfo.ts';

const EMPTY = '--';

function InfoDescriptions({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      bordered
      size="middle"
      data-testid="personal-info"
      items={[
        { key: 'username', label: t('personal:fields.username'), children: info.username },
        { key: 'loginName', label: t('personal:fields.loginName'), children: info.loginName },
        { key: 'surname', label: t('personal:fields.surname'), children: info.surname || EMPTY },
        { key: 'givenName', label: t('personal:fields.givenName'), children: info.givenName || EMPTY },
        { key: 'employeeNo', label: t('personal:fields.employeeNo'), children: info.employeeNo || EMPTY },
        { key: 'role', label: t('personal:fields.role'), children: info.roleName },
        { key: 'mobile', label: t('personal:fields.mobile'), children: info.mobile || EMPTY },
        { key: 'email', label: t('personal:fields.email'), children: info.email || EMPTY },
        { key: 'organisation', label: t('personal:fields.organisation'), children: info.organisation || t('personal:wholeCustomer') },
        { key: 'signupType', label: t('personal:fields.signupType'), children: t(`personal:signupType.${info.signupType}`) },
        { key: 'locale', label: t('personal:fields.locale'), children: `${LANGUAGE_NAMES[info.locale]} (${BCP47[info.locale]})` },
      ]}
    />
  );
}

/** The personal center: one's own details, editable, and one's own password. */
export function PersonalInfoPage() {
  const { t } = useTranslation();
  const { data: info, isPending, isError, refetch } = useUserInfo();
  const setUsername = useSessionStore((state) => state.setUsername);
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  // The top bar shows the name from sign-in; keep it in step with edits made here.
  useEffect(() => {
    if (info) setUsername(info.username);
  }, [info, setUsername]);

  return (
    <Card
      title={t('personal:title')}
      extra={
        info && (
          <Space>
            <Button onClick={() => setChangingPassword(true)} data-testid="personal-change-password">
              {t('personal:password.title')}
            </Button>
            <Button type="primary" onClick={() => setEditing(true)} data-testid="personal-edit">
              {t('personal:edit.title')}
            </Button>
          </Space>
        )
      }
    >
      {isPending && <Skeleton active paragraph={{ rows: 5 }} />}
      {isError && (
        <Alert
          type="error"
          showIcon
          title={t('personal:loadFailed')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('common:retry')}
            </Button>
          }
        />
      )}
      {info && <InfoDescriptions info={info} />}
      {info && <EditInfoModal info={info} open={editing} onClose={() => setEditing(false)} />}
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </Card>
  );
}
