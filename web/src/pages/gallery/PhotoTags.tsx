import { MAX_TAG_LENGTH } from '@gnology/contracts';
import { X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui';
import { hasTag, withoutTagNamed } from './tags';
import './photo-tags.css';

export const TAGS_FAILED = 'Failed to save tags';

/**
 * A photo's tags on its card (issue 30): each a chip with a remove button, then a field where Enter
 * adds the tag typed, with the user's tags (and "portrait") offered from the page's list
 * `suggestionsId`. A failed save keeps what was typed and shows the spec's kind of message.
 */
export function PhotoTags({
  name,
  tags,
  suggestionsId,
  onSave,
}: {
  /** The photo's file name, for the accessible names. */
  name: string;
  tags: readonly string[];
  suggestionsId: string;
  onSave(tags: string[]): Promise<void>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = async (next: string[]) => {
    setSaving(true);
    setFailed(false);
    try {
      await onSave(next);
      return true;
    } catch {
      setFailed(true);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const tag = draft.trim().replace(/\s+/g, ' ');
    if (!tag || saving) return;
    if (tag.length > MAX_TAG_LENGTH) {
      setProblem(`A tag has at most ${MAX_TAG_LENGTH} characters`);
      return;
    }
    // Already there (in any case): nothing to save.
    if (hasTag(tags, tag) || (await save([...tags, tag]))) setDraft('');
  };

  const remove = async (tag: string) => {
    if (saving) return;
    // The chip and its button go away: the keyboard carries on in the field.
    input.current?.focus();
    await save(withoutTagNamed(tags, tag));
  };

  // Escape clears what was typed, and goes no further (inside a dialog it must not close it).
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Escape' || !draft) return;
    e.stopPropagation();
    setDraft('');
    setProblem(null);
  };

  return (
    <div className="photo-tags">
      {tags.length > 0 && (
        <ul className="photo-tags__list" aria-label={`Tags of ${name}`}>
          {tags.map((tag) => (
            <li key={tag} className="tag-chip" title={tag}>
              <span className="tag-chip__name">{tag}</span>
              <button
                type="button"
                className="person-chip__remove"
                onClick={() => remove(tag)}
                aria-label={`Remove tag ${tag}`}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="photo-tags__add" onSubmit={add} aria-busy={saving || undefined}>
        <label className="visually-hidden" htmlFor={`${id}-tag`}>
          {`Add a tag to ${name}`}
        </label>
        <input
          ref={input}
          id={`${id}-tag`}
          className="field__input photo-tags__input"
          value={draft}
          list={suggestionsId}
          placeholder="Add a tag"
          autoComplete="off"
          enterKeyHint="done"
          maxLength={MAX_TAG_LENGTH + 20}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
        />
        {problem && (
          <p id={`${id}-problem`} className="field__error">
            {problem}
          </p>
        )}
      </form>
      {failed && <Alert tone="error">{TAGS_FAILED}</Alert>}
    </div>
  );
}
