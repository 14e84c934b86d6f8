import { type InputHTMLAttributes, useId } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  testId: string;
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function TextField({ label, value, onChange, error, testId, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="sl-field">
      <label className="sl-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className="sl-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
      />
      <span id={errorId} className="sl-field-error" role={error ? 'alert' : undefined} data-testid={`${testId}-error`}>
        {error ?? ''}
      </span>
    </div>
  );
}
