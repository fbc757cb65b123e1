import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import './ui.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  /** A line under the field that helps fill it in. */
  hint?: ReactNode;
  /** A problem with this field; also marks the input invalid. */
  error?: string;
  onChange?: (value: string) => void;
}

/** A labelled input with an optional hint and error, wired with ids for assistive technology. */
export function TextField({ label, hint, error, onChange, className, id, ...input }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? `field-${auto}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
