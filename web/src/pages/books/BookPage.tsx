import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, ButtonLink, ConfirmDialog, LoadError, PageMeta, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { fetchPerson, personKey } from '../people/peopleApi';
import { ChapterEditor } from './ChapterEditor';
import { CompilePanel } from './CompilePanel';
import { chapterStatusLabel, compiling } from './bookFormat';
import { type Book, BOOKS_KEY, bookKey, compileBook, deleteBook, fetchBook, saveChapter } from './booksApi';
import { RenameBookDialog } from './RenameBookDialog';
import { UnsavedDialog } from './UnsavedDialog';
import { useUnsavedGuard } from './useUnsavedGuard';
import './books.css';

/** 404: another user's book, an unknown id, or one just deleted. */
const missing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** Something is still being made: the book is asked for again every second. */
const busy = (b: Book | undefined) =>
  !!b && (compiling(b.compile.status) || b.chapters.some((c) => c.status === 'writing'));

const problem = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : fallback;

/**
 * /books/:id?chapter=n (issue 33): the book's outline with each chapter's state, the chosen
 * chapter's text to edit (a move away with unsaved changes is asked about first), and the compile
 * with its progress and downloads.
 */
export function BookPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const book = useQuery({
    queryKey: bookKey(id),
    queryFn: () => fetchBook(id),
    retry: (count, err) => !missing(err) && count < 1,
    refetchInterval: (q) => (busy(q.state.data) ? 1000 : false),
  });
  const data = book.data;
  const rootId = data?.rootIndividualId ?? null;
  // The person's name for the line under the title (their page may be gone: the link then says so less).
  const root = useQuery({
    queryKey: personKey(rootId ?? ''),
    queryFn: () => fetchPerson(rootId ?? ''),
    enabled: !!rootId,
    retry: false,
  });
  const chapters = data?.chapters ?? [];
  const asked = Number(params.get('chapter'));
  const chapter = chapters.find((c) => c.n === asked) ?? chapters[0];

  // The user's text for the chosen chapter, once they have typed (null: the saved text is shown).
  const [draft, setDraft] = useState<{ n: number; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedN, setSavedN] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Book | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState(false);

  const saved = chapter?.text ?? '';
  const value = draft && chapter && draft.n === chapter.n ? draft.text : saved;
  const dirty = !!chapter && draft?.n === chapter.n && draft.text !== saved;
  const blocker = useUnsavedGuard(dirty);
  // A draft left behind by a move the user allowed (Discard changes) is gone when they come back.
  const shownN = chapter?.n;
  useEffect(() => setDraft((d) => (d && d.n !== shownN ? null : d)), [shownN]);

  const save = async (): Promise<boolean> => {
    if (!chapter || !draft || !dirty) return true;
    if (!draft.text.trim()) {
      setSaveError('A chapter cannot be empty: write its text, or discard your changes.');
      return false;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await saveChapter(id, chapter.n, draft.text);
      // The saved text is shown at once; the service's own answer follows.
      client.setQueryData<Book>(
        bookKey(id),
        (b) =>
          b && {
            ...b,
            chapters: b.chapters.map((c) =>
              c.n === chapter.n ? { ...c, text: draft.text, status: 'edited', source: 'author' } : c,
            ),
          },
      );
      setDraft(null);
      setSavedN(chapter.n);
      void client.invalidateQueries({ queryKey: BOOKS_KEY });
      return true;
    } catch (err) {
      setSaveError(problem(err, 'The chapter could not be saved. Your text is still here; please try again.'));
      return false;
    } finally {
      setSaving(false);
    }
  };

  // The author's text is dropped: the chapter is GNology's again (the register's, or the model's).
  const restore = async () => {
    if (!chapter) return;
    setSaving(true);
    setSaveError(null);
    try {
      await saveChapter(id, chapter.n, null);
      setDraft(null);
      setSavedN(null);
      await client.invalidateQueries({ queryKey: BOOKS_KEY });
    } catch (err) {
      setSaveError(problem(err, "GNology's text could not be brought back. Please try again."));
    } finally {
      setSaving(false);
    }
  };

  // Unsaved text is saved first, so the compiled book has what the author sees.
  const compile = async () => {
    setStartError(null);
    if (!(await save())) return;
    setStarting(true);
    try {
      await compileBook(id);
      await client.invalidateQueries({ queryKey: bookKey(id) });
    } catch (err) {
      setStartError(problem(err, 'The book could not be compiled. Please try again.'));
    } finally {
      setStarting(false);
    }
  };

  const remove = async (b: Book) => {
    setDeleteError(null);
    try {
      await deleteBook(b.id);
      client.removeQueries({ queryKey: bookKey(b.id) });
      await client.invalidateQueries({ queryKey: BOOKS_KEY });
      navigate('/books');
    } catch {
      setDeleteError('The book could not be deleted. Please try again.');
    }
  };

  const back = (
    <Link to="/books" className="book-back">
      <ArrowLeft size={16} aria-hidden="true" /> All books
    </Link>
  );
  if (book.isPending)
    return (
      <main className="page page-stack">
        {back}
        <Spinner label="Loading this book..." />
      </main>
    );
  if (!data) {
    const gone = missing(book.error);
    return (
      <main className="page page-stack">
        {back}
        <h1 className="book-title">{gone ? 'Book not found' : 'Book'}</h1>
        {gone ? (
          <div className="problem">
            <Alert tone="error">This book is not among your books. It may have been deleted.</Alert>
            <ButtonLink to="/books" variant="secondary">
              See all books
            </ButtonLink>
          </div>
        ) : (
          <LoadError retrying={book.isFetching} onRetry={() => void book.refetch()}>
            This book could not be loaded. Please try again.
          </LoadError>
        )}
      </main>
    );
  }

  return (
    <main className="page page-stack">
      <PageMeta
        title={data.title}
        description={`The family history book “${data.title}”: its chapters and downloads.`}
      />
      {back}
      <header className="book-header">
        <div>
          <h1 className="book-title">{data.title}</h1>
          <p className="book-header__facts">
            {data.generations} generations
            {data.rootIndividualId && (
              <>
                {' · '}
                starts from{' '}
                <Link to={`/people/${encodeURIComponent(data.rootIndividualId)}`}>
                  {root.data?.individual.name ?? 'this person'}
                </Link>
              </>
            )}
            {data.conversationId && (
              <>
                {' · '}
                planned in{' '}
                <Link to={`/research?c=${encodeURIComponent(data.conversationId)}`}>a research conversation</Link>
              </>
            )}
          </p>
        </div>
        <div className="book-header__actions">
          <Button variant="secondary" icon={<Pencil size={18} />} onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button variant="secondary" icon={<Trash2 size={18} />} onClick={() => setDeleting(data)}>
            Delete book
          </Button>
        </div>
      </header>
      {deleteError && <Alert tone="error">{deleteError}</Alert>}
      <CompilePanel book={data} starting={starting} startError={startError} onCompile={() => void compile()} />
      {chapters.length === 0 ? (
        <div className="empty-state">
          <p>This book has no chapters yet. Compile it and GNology writes them from your people index.</p>
        </div>
      ) : (
        <div className="book-columns">
          <nav className="book-outline" aria-label="Chapters">
            <h2 className="book-outline__title">Chapters</h2>
            <ol className="book-outline__list">
              {chapters.map((c) => (
                <li key={c.n}>
                  <Link
                    to={`?chapter=${c.n}`}
                    replace
                    preventScrollReset
                    className="book-outline__link"
                    aria-current={c.n === chapter?.n ? 'true' : undefined}
                    onClick={() => setSaveError(null)}
                  >
                    <span className="book-outline__name">{c.label ? `${c.label}: ${c.title}` : c.title}</span>
                    <span className={`chapter-status chapter-status--${c.status}`}>{chapterStatusLabel(c.status)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
          {chapter && (
            <ChapterEditor
              key={chapter.n}
              chapter={chapter}
              value={value}
              dirty={dirty}
              saving={saving}
              saved={savedN === chapter.n}
              error={saveError}
              onChange={(text) => {
                setSavedN(null);
                setDraft({ n: chapter.n, text });
              }}
              onSave={() => void save()}
              onDiscard={() => {
                setDraft(null);
                setSaveError(null);
              }}
              onRestore={chapter.source === 'author' ? () => void restore() : undefined}
            />
          )}
        </div>
      )}
      <UnsavedDialog blocker={blocker} />
      <RenameBookDialog bookId={data.id} title={data.title} isOpen={renaming} onOpenChange={setRenaming} />
      <ConfirmDialog
        title="Delete this book?"
        subject={deleting}
        onSubjectChange={setDeleting}
        confirmLabel="Delete book"
        onConfirm={(b) => void remove(b)}
      >
        <p>
          “{deleting?.title}” and its chapters are deleted, with any text you wrote in them. Your documents and people
          stay as they are.
        </p>
      </ConfirmDialog>
    </main>
  );
}
