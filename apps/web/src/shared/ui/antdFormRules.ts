import { firstError, messageRef } from '@storelens/contracts';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { translateMessageRef } from '../i18n/i18n.ts';

/**
 * antd form rules built on the contracts zod helpers: the message a user sees on blur is the
 * one the server would answer with, in the user's language.
 */
export function schemaFieldRule(schema: z.ZodType, options: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && (value === undefined || value === null || value === '')) return;
      const ref = firstError(schema, value ?? '');
      if (ref) throw new Error(translateMessageRef(ref));
    },
  };
}

/** A form rule from a check that answers a contracts message reference or null (the plan forms' cross-field checks). */
export function messageRule<Value>(check: (value: Value) => string | null): FormRuleObject {
  return {
    validator: async (_rule, value: Value) => {
      const error = check(value);
      if (error) throw new Error(translateMessageRef(error));
    },
  };
}

/** A rule object, as opposed to the function form antd also accepts. */
type FormRuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

/** The second password entry must match the first (spec section 5). */
export function matchesFieldRule(otherField: string): (form: { getFieldValue(name: string): unknown }) => FormRuleObject {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(translateMessageRef(messageRef('validation.required')));
      if (value !== form.getFieldValue(otherField)) throw new Error(translateMessageRef(messageRef('validation.passwordMismatch')));
    },
  });
}
