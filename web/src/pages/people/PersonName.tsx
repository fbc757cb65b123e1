import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { ApiError } from '../../lib/api';

/**
 * The individual's name as the page's heading, edited in place: Enter saves, Escape cancels and
 * puts focus back on Rename. The user's name wins over the one grouping chose.
 */
export function PersonName({ name, onRename }: { name: string; onRename: (name: string) => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);

  useEffect(() => {
    if (editing) input.current?.select();
    else if (restoreFocus.current) {
      restoreFocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const stop = () => {
    restoreFocus.current = true;
    setEditing(false);
    setError(null);
  };
  const save = async () => {
    const next = draft.trim();
    if (!next) return setError('A name is required.');
    if (next.length > 200) return setError('A name can be at most 200 characters.');
    if (next === name) return stop();
    setBusy(true);
    setError(null);
    try {
      await onRename(next);
      stop();
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 400 && err.message
          ? err.message
          : 'The name could not be saved. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <div className="person-name">
        <h1 className="person-name__title">{name}</h1>
        <Button
          ref={renameButton}
          variant="ghost"
          size="sm"
          icon={<Pencil size={16} />}
          onClick={() => {
            setDraft(name);
            setEditing(true);
          }}
        >
          Rename
        </Button>
      </div>
    );
  }
  return (
    <div className="person-name person-name--editing">
      <h1 className="visually-hidden">{name}</h1>
      <div className="field person-name__field">
        <label className="field__label" htmlFor="person-name-input">
          Name (Enter saves, Escape cancels)
        </label>
        <input
          ref={input}
          id="person-name-input"
          className="field__input person-name__input"
          value={draft}
          maxLength={200}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'person-name-error' : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              stop();
            }
          }}
        />
      </div>
      <div className="person-name__actions">
        <Button busy={busy} onClick={() => void save()}>
          Save
        </Button>
        <Button variant="secondary" disabled={busy} onClick={stop}>
          Cancel
        </Button>
      </div>
      {error && (
        <div id="person-name-error">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </div>
  );
}
