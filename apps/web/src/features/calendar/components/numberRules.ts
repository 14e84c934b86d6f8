import { messageRef } from '@storelens/contracts';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { translateMessageRef } from '../../../shared/i18n/i18n.ts';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';

/**
 * Rules of a required number box: an empty box says 'Required Field' (an InputNumber left empty
 * is null, which the number rule alone would call 'Please enter correct number'), then the
 * contracts rule, as the server answers it.
 */
export function requiredNumberRules(schema: z.ZodType): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        if (value === null || value === undefined || value === '') throw new Error(translateMessageRef(messageRef('validation.required')));
      },
    },
    schemaFieldRule(schema),
  ];
}
