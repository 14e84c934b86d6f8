import { INSPECTION_LIMITS, siClassAddRequestSchema } from '@storelens/contracts';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { addCategory, renameCategory } from '../api.ts';
import { useCategories, useInspectionRefresh } from '../hooks/useInspection.ts';
import { CATEGORIES_PATH } from '../routes.tsx';

/**
 * Add or rename a category (/SOPmanage/inspectionClassList/add and /edit?categoryId=, hidden, the
 * list highlighted). A name the customer has already answers 'The classification already exists'.
 */
export function CategoryFormPage() {
  const { t } = useTranslation('sop');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const categoryId = params.get('categoryId') ?? '';
  const [form] = Form.useForm<{ name: string }>();
  const categories = useCategories();
  const [saving, setSaving] = useState(false);
  const refresh = useInspectionRefresh();
  const current = categories.data?.find((category) => category.categoryId === categoryId);

  useEffect(() => {
    if (current) form.setFieldsValue({ name: current.name });
  }, [current, form]);

  const save = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      if (categoryId) await renameCategory(categoryId, name);
      else await addCategory(name);
      void message.success(categoryId ? t('categories.saved') : t('categories.added'));
      await refresh();
      void navigate(CATEGORIES_PATH);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" data-testid="category-form">
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(values) => void save(values)}>
        <Form.Item name="name" label={t('categories.name')} rules={[schemaFieldRule(siClassAddRequestSchema.shape.name)]} validateTrigger="onBlur">
          <Input maxLength={INSPECTION_LIMITS.categoryNameMaxChars} data-testid="category-form-name" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="category-form-save">
            {t('categories.save')}
          </Button>
          <Button onClick={() => void navigate(CATEGORIES_PATH)}>{t('categories.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
