import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Dialog, TextField } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { BOOKS_KEY, updateBook } from './booksApi';

const FORM_ID = 'rename-book-form';

/** The book's title, changed (it prints on the title page and names the downloads). */
export function RenameBookDialog({
  bookId,
  title,
  isOpen,
  onOpenChange,
}: {
  bookId: string;
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const [value, setValue] = useState(title);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!isOpen) return;
    setValue(title);
    setError(null);
  }, [isOpen, title]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError('Give the book a title.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updateBook(bookId, { title: value.trim() });
      await client.invalidateQueries({ queryKey: BOOKS_KEY });
      onOpenChange(false);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 400 && err.message
          ? err.message
          : 'The title could not be changed. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Rename the book"
      size="sm"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      dismissable={!busy}
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} busy={busy}>
            Save title
          </Button>
        </>
      )}
    >
      <form id={FORM_ID} className="book-form" onSubmit={submit} noValidate>
        <TextField label="Title" value={value} maxLength={200} autoFocus onChange={setValue} />
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    </Dialog>
  );
}
