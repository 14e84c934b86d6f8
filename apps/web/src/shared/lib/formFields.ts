import { firstError } from '@storelens/contracts';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { translateMessageRef } from '../i18n/i18n.ts';

/** Returns a message reference (from contracts) for the first failed rule, or null. */
export type FieldRule<Field extends string> = (value: string, values: Record<Field, string>) => string | null;

/** A rule from a contracts zod schema: the first failing check's message, as on the server. */
export function schemaRule<Field extends string>(schema: z.ZodType): FieldRule<Field> {
  return (value) => firstError(schema, value);
}

/** Rules run in order and stop at the first failure (spec section 5). */
export function rules<Field extends string>(...list: FieldRule<Field>[]): FieldRule<Field> {
  return (value, values) => {
    for (const rule of list) {
      const failure = rule(value, values);
      if (failure) return failure;
    }
    return null;
  };
}

/**
 * Plain-React form state for public pages (no antd there): each field is checked on blur, the
 * first failure is shown translated, and a field with an error re-checks as it is corrected.
 */
export function useFormFields<Field extends string>(initial: Record<Field, string>, fieldRules: Partial<Record<Field, FieldRule<Field>>>) {
  const [values, setValues] = useState(initial);
  // The latest values, for handlers created in an earlier render (a blur that resolves after the
  // user has typed on must not write back what it saw then).
  const latest = useRef(initial);
  const [errorRefs, setErrorRefs] = useState<Partial<Record<Field, string | null>>>({});

  const check = (field: Field, all: Record<Field, string>) => fieldRules[field]?.(all[field], all) ?? null;

  const setValue = (field: Field, value: string) => {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    setErrorRefs((current) => (current[field] ? { ...current, [field]: check(field, next) } : current));
  };

  const blur = (field: Field) => setErrorRefs((current) => ({ ...current, [field]: check(field, latest.current) }));

  /** Checks every field; true when all pass. */
  const validateAll = (): boolean => {
    const next: Partial<Record<Field, string | null>> = {};
    let valid = true;
    for (const field of Object.keys(latest.current) as Field[]) {
      next[field] = check(field, latest.current);
      if (next[field]) valid = false;
    }
    setErrorRefs(next);
    return valid;
  };

  const errorOf = (field: Field): string | null => {
    const ref = errorRefs[field];
    return ref ? translateMessageRef(ref) : null;
  };

  /** Everything TextField needs for one field. */
  const field = (name: Field) => ({
    value: values[name],
    onChange: (value: string) => setValue(name, value),
    onBlur: () => blur(name),
    error: errorOf(name),
  });

  /** The current values, also right after a setValue in the same handler. */
  const read = (): Record<Field, string> => latest.current;

  return { values, read, setValue, validateAll, field, errorOf };
}
