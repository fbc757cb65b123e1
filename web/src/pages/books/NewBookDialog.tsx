import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Dialog, TextField } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { fetchPeople, peopleListKey } from '../people/peopleApi';
import { lifeYears } from '../people/peopleFormat';
import { DEFAULT_GENERATIONS, GENERATIONS } from './bookFormat';
import { BOOKS_KEY, createBook } from './booksApi';

const FORM_ID = 'new-book-form';

/**
 * "New book": a title, the person the book starts from (anyone in the people index, or none: the
 * whole index) and how many generations it covers. Opened from /books, or from a person's page
 * with that person chosen. Creating it opens the book.
 */
export function NewBookDialog({
  isOpen,
  onOpenChange,
  rootId,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The person chosen when the dialog opens (from People's "Write a book"). */
  rootId?: string | null;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const rootFieldId = useId();
  const generationsId = useId();
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [root, setRoot] = useState(rootId ?? '');
  const [generations, setGenerations] = useState(DEFAULT_GENERATIONS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const people = useQuery({ queryKey: peopleListKey(''), queryFn: () => fetchPeople(''), enabled: isOpen });

  // Each opening starts afresh, with the person it was opened for.
  useEffect(() => {
    if (!isOpen) return;
    setTitle('');
    setTitleTouched(false);
    setRoot(rootId ?? '');
    setGenerations(DEFAULT_GENERATIONS);
    setError(null);
    setTitleError(undefined);
  }, [isOpen, rootId]);

  const rootPerson = people.data?.find((p) => p.id === root);
  // Until the user writes a title of their own, the chosen person suggests one.
  const shownTitle = titleTouched ? title : rootPerson ? `The family of ${rootPerson.name}` : title;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = shownTitle.trim();
    if (!wanted) {
      setTitleError('Give the book a title.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const id = await createBook({ title: wanted, generations, ...(root ? { rootIndividualId: root } : {}) });
      await client.invalidateQueries({ queryKey: BOOKS_KEY });
      onOpenChange(false);
      navigate(`/books/${encodeURIComponent(id)}`);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message
          ? err.message
          : 'The book could not be started. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="New book"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      dismissable={!busy}
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} busy={busy}>
            Start the book
          </Button>
        </>
      )}
    >
      <form id={FORM_ID} className="book-form" onSubmit={submit} noValidate>
        <TextField
          label="Title"
          value={shownTitle}
          maxLength={200}
          error={titleError}
          autoFocus
          onChange={(v) => {
            setTitleTouched(true);
            setTitle(v);
            setTitleError(undefined);
          }}
        />
        <div className="field">
          <label className="field__label" htmlFor={rootFieldId}>
            Start from
          </label>
          <select
            id={rootFieldId}
            className="field__input"
            value={root}
            disabled={people.isPending}
            aria-describedby={`${rootFieldId}-hint`}
            onChange={(e) => setRoot(e.target.value)}
          >
            <option value="">Everyone in my people index</option>
            {/* The chosen person stays listed while the index loads. */}
            {root && !rootPerson && <option value={root}>{people.isPending ? 'Loading…' : 'The chosen person'}</option>}
            {(people.data ?? []).map((p) => {
              const years = lifeYears(p);
              return (
                <option key={p.id} value={p.id}>
                  {years ? `${p.name} (${years})` : p.name}
                </option>
              );
            })}
          </select>
          <p id={`${rootFieldId}-hint`} className="field__hint">
            {people.isError
              ? 'Your people could not be loaded; the book can still start from everyone.'
              : 'The person whose ancestors the book follows, generation by generation.'}
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={generationsId}>
            Generations
          </label>
          <select
            id={generationsId}
            className="field__input book-form__generations"
            value={generations}
            onChange={(e) => setGenerations(Number(e.target.value))}
          >
            {GENERATIONS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    </Dialog>
  );
}
