import { INSPECTION_LIMITS, siItemAddRequestSchema } from '@storelens/contracts';
import { App, Button, Card, Form, Image, Input, Select, Space, Spin, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { addItem, updateItem, uploadItemImage } from '../api.ts';
import { useCategories, useInspectionRefresh, useItem } from '../hooks/useInspection.ts';
import { useItemImage } from '../hooks/useItemImage.ts';
import { ITEMS_PATH } from '../routes.tsx';

interface ItemFormValues {
  categoryId: string;
  name: string;
  description: string;
}

const fields = siItemAddRequestSchema.shape;

/**
 * Add or edit an inspection item (/SOPmanage/inspectionItem/add and /edit?itemId=, hidden, the list
 * highlighted): category, name (unique: the server answers 'Item name is duplicated'), description
 * and the reference image, chosen with the form and sent after the item is saved.
 */
export function ItemFormPage() {
  const { t } = useTranslation('sop');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const itemId = params.get('itemId') ?? '';
  const editing = itemId !== '';
  const [form] = Form.useForm<ItemFormValues>();
  const categories = useCategories();
  const item = useItem(itemId);
  const [picture, setPicture] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [saving, setSaving] = useState(false);
  const refresh = useInspectionRefresh();
  const current = item.data;
  const image = useItemImage(current && !removeImage ? current : null);

  useEffect(() => {
    if (current) form.setFieldsValue({ categoryId: current.categoryId, name: current.name, description: current.description });
  }, [current, form]);

  const save = async (values: ItemFormValues) => {
    setSaving(true);
    try {
      const id = editing
        ? (
            await updateItem({
              itemId,
              categoryId: values.categoryId,
              name: values.name,
              description: values.description ?? '',
              ...(removeImage ? { removeImage: true } : {}),
            })
          ).itemId
        : (await addItem({ categoryId: values.categoryId, name: values.name, description: values.description ?? '' })).itemId;
      if (picture) await uploadItemImage(id, picture);
      void message.success(editing ? t('form.saved') : t('form.added'));
      await refresh();
      void navigate(ITEMS_PATH);
    } finally {
      setSaving(false);
    }
  };

  if (editing && item.isLoading) return <Spin />;
  const noCategories = (categories.data ?? []).length === 0 && !categories.isLoading;
  return (
    <Card size="small" data-testid="item-form">
      <Form<ItemFormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={(values) => void save(values)}
        initialValues={{ description: '' }}
      >
        <Form.Item
          name="categoryId"
          label={t('form.category')}
          rules={[schemaFieldRule(fields.categoryId)]}
          extra={noCategories ? t('form.noCategories') : undefined}
        >
          <Select
            placeholder={t('form.categoryPlaceholder')}
            options={(categories.data ?? []).map((category) => ({ value: category.categoryId, label: category.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="item-form-category"
          />
        </Form.Item>
        <Form.Item name="name" label={t('form.name')} rules={[schemaFieldRule(fields.name)]} validateTrigger="onBlur">
          <Input maxLength={INSPECTION_LIMITS.itemNameMaxChars} data-testid="item-form-name" />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')} rules={[schemaFieldRule(fields.description, { optional: true })]}>
          <Input.TextArea rows={3} maxLength={INSPECTION_LIMITS.descriptionMaxChars} showCount data-testid="item-form-description" />
        </Form.Item>
        <Form.Item label={t('form.image')} extra={t('form.imageHint')}>
          <Space orientation="vertical">
            {image && !picture && <Image src={image} width={200} alt={current?.name ?? ''} />}
            {picture && <Typography.Text>{picture.name}</Typography.Text>}
            <Space>
              <Upload
                accept="image/jpeg,image/png,image/webp"
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  setPicture(file);
                  setRemoveImage(false);
                  return false;
                }}
              >
                <Button data-testid="item-form-image">{t('form.chooseImage')}</Button>
              </Upload>
              {(picture || (current?.imageVersion && !removeImage)) && (
                <Button
                  onClick={() => {
                    setPicture(null);
                    if (current?.imageVersion) setRemoveImage(true);
                  }}
                >
                  {t('form.removeImage')}
                </Button>
              )}
            </Space>
          </Space>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="item-form-save">
            {t('form.save')}
          </Button>
          <Button onClick={() => void navigate(ITEMS_PATH)}>{t('form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
