import { useQuery } from '@tanstack/react-query';
import { BookOpen, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, LoadError, PageHeader, PageMeta, Spinner } from '../../components/ui';
import { chaptersLine, compiledLine } from './bookFormat';
import { BOOKS_KEY, fetchBooks } from './booksApi';
import { NewBookDialog } from './NewBookDialog';
import './books.css';

/**
 * /books (issue 33): the user's family history books, each with how far its chapters are written
 * and when it was last compiled, and "New book". `?new=1` opens the dialog (`&root=<person>` with
 * that person chosen): People's "Write a book" links here.
 */
export function BooksPage() {
  const [params, setParams] = useSearchParams();
  const list = useQuery({ queryKey: BOOKS_KEY, queryFn: fetchBooks });
  const dialogOpen = params.get('new') === '1';
  const rootId = params.get('root');
  const setDialog = (open: boolean) => setParams(open ? { new: '1' } : {}, { replace: true });

  const books = list.data ?? [];
  const newButton = (
    <Button icon={<Plus size={18} />} onClick={() => setDialog(true)}>
      New book
    </Button>
  );
  return (
    <main className="page page-stack">
      <PageMeta
        title="Books"
        description="Family history books written from your documents and your people index: sourced, indexed and printable."
      />
      <PageHeader
        title="Books"
        subtitle="Family history books written from your documents and people: a chapter for each generation, every fact with its source. Edit the chapters, then compile the book as PDF, Word, EPUB or Markdown."
        actions={books.length > 0 ? newButton : undefined}
      />
      {list.isPending && <Spinner label="Loading your books..." />}
      {list.isError && (
        <LoadError retrying={list.isFetching} onRetry={() => void list.refetch()}>
          Your books could not be loaded. Please try again.
        </LoadError>
      )}
      {list.isSuccess && books.length === 0 && (
        <div className="empty-state">
          <BookOpen size={40} aria-hidden="true" />
          <p>No books yet. Start one from a person in your family, and GNology writes a chapter for each generation.</p>
          {newButton}
        </div>
      )}
      {books.length > 0 && (
        <ul className="book-list" aria-label="Your books">
          {books.map((b) => (
            <li key={b.id} className="book-row">
              <BookOpen className="book-row__icon" size={24} aria-hidden="true" />
              <div className="book-row__main">
                <Link to={`/books/${encodeURIComponent(b.id)}`} className="book-row__title">
                  {b.title}
                </Link>
                <p className="book-row__facts">
                  <span>{chaptersLine(b.chaptersWritten, b.chapterCount)}</span>
                  <span>{compiledLine(b.compiledAt)}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <NewBookDialog isOpen={dialogOpen} onOpenChange={setDialog} rootId={rootId} />
    </main>
  );
}
