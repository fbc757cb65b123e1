import { useQueryClient } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { BOOKS_KEY, createBook } from './booksApi';
import { planTitle } from './planTitle';
import './books.css';

/**
 * Under a "Write the book" reply: the conversation's plan becomes a book, named by the reply's first
 * title option (renamed on the book's page), its outline adopted by the service; the book then opens.
 */
export function MakeBookButton({
  conversationId,
  reply,
  conversationTitle,
}: {
  conversationId: string;
  /** The "Write the book" reply: its first title option names the book. */
  reply: string;
  conversationTitle: string;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const title = planTitle(reply) ?? (conversationTitle.trim() || 'Family history');
      const id = await createBook({ conversationId, title });
      await client.invalidateQueries({ queryKey: BOOKS_KEY });
      navigate(`/books/${encodeURIComponent(id)}`);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message
          ? err.message
          : 'The book could not be started. Please try again.',
      );
      setBusy(false);
    }
  };
  return (
    <div className="make-book">
      <Button size="sm" icon={<BookOpen size={16} />} busy={busy} onClick={() => void make()}>
        Make this a book
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
