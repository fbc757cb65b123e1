import type { PersonRole } from '@gnology/contracts';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { DEFAULT_ROLE, ROLE_OPTIONS } from './people';

export const TAG_FAILED = 'Failed to save person tag';

/**
 * Name (required, trimmed) and role of one person. Enter submits; Add and Cancel close it. A
 * failed save keeps the form open with the spec's message.
 */
export function TagPersonForm({
  label,
  onSave,
  onCancel,
  initialName = '',
}: {
  label: string;
  onSave(name: string, role: PersonRole): Promise<void>;
  onCancel(): void;
  initialName?: string;
}) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [role, setRole] = useState<PersonRole>(DEFAULT_ROLE);
  const [missing, setMissing] = useState(false);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    setSaving(true);
    setFailed(false);
    try {
      await onSave(trimmed, role);
    } catch {
      setFailed(true);
      setSaving(false);
    }
  };

  // Escape closes this form only (inside the viewer it must not close the viewer too).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onCancel();
  };

  return (
    <form className="tag-form" aria-label={label} onSubmit={submit} onKeyDown={onKeyDown}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className="field__input"
          value={name}
          // biome-ignore lint/a11y/noAutofocus: the form opens because the user asked to type a name
          autoFocus
          autoComplete="off"
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-missing` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (e.target.value.trim()) setMissing(false);
          }}
        />
        {missing && (
          <p id={`${id}-missing`} className="field__error">
            Enter the person's name
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-role`}>
          Role
        </label>
        <select
          id={`${id}-role`}
          className="field__input"
          value={role}
          onChange={(e) => setRole(e.target.value as PersonRole)}
        >
          {ROLE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {failed && <Alert tone="error">{TAG_FAILED}</Alert>}
      <div className="tag-form__actions">
        <Button type="submit" size="sm" busy={saving}>
          Add
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
