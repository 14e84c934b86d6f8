import { messageRef, phoneSchema, requiredText } from '@storelens/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n.ts';
import { TextField } from '../ui/public/TextField.tsx';
import { rules, schemaRule, useFormFields } from './formFields.ts';

function PhoneForm() {
  const form = useFormFields({ mobile: '' }, { mobile: rules(schemaRule(phoneSchema), () => messageRef('errors.phoneNotExist')) });
  return <TextField label="Mobile" testId="mobile" {...form.field('mobile')} />;
}

function NameForm({ onSubmit }: { onSubmit(valid: boolean): void }) {
  const form = useFormFields({ name: '' }, { name: schemaRule(requiredText(14)) });
  return (
    <>
      <TextField label="Name" testId="name" {...form.field('name')} />
      <button type="button" onClick={() => onSubmit(form.validateAll())}>
        submit
      </button>
    </>
  );
}

describe('form fields', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  // Vitest globals are off, so Testing Library cannot register its own cleanup.
  afterEach(cleanup);

  it('checks on blur, not while typing, and shows the translated contracts message', () => {
    render(<PhoneForm />);
    const input = screen.getByTestId('mobile');
    fireEvent.change(input, { target: { value: '123' } });
    expect(screen.getByTestId('mobile-error').textContent).toBe('');
    fireEvent.blur(input);
    expect(screen.getByTestId('mobile-error').textContent).toBe('Please enter correct phone');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('stops at the first failure', () => {
    render(<PhoneForm />);
    fireEvent.blur(screen.getByTestId('mobile'));
    // Empty fails 'required' first; neither the pattern nor the later rule is reported.
    expect(screen.getByTestId('mobile-error').textContent).toBe('Required Field');
  });

  it('re-checks a field with an error as it is corrected', () => {
    render(<PhoneForm />);
    const input = screen.getByTestId('mobile');
    fireEvent.blur(input);
    fireEvent.change(input, { target: { value: '13800000001' } });
    // The phone is now valid, so the next rule in the chain speaks.
    expect(screen.getByTestId('mobile-error').textContent).toBe('Phone number does not exist');
  });

  it('validateAll reports every field and whether all passed', () => {
    const results: boolean[] = [];
    render(<NameForm onSubmit={(valid) => results.push(valid)} />);
    act(() => screen.getByText('submit').click());
    expect(screen.getByTestId('name-error').textContent).toBe('Required Field');
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'A name that is far too long' } });
    act(() => screen.getByText('submit').click());
    expect(screen.getByTestId('name-error').textContent).toBe('Maximum 14 chars');
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Ada' } });
    act(() => screen.getByText('submit').click());
    expect(results).toEqual([false, false, true]);
  });
});
