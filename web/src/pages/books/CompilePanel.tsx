import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { BOOK_FORMATS, type BookFormat, compiledLine, compiling, percent } from './bookFormat';
import { type Book, downloadBook } from './booksApi';

/**
 * Compile and download: the button starts the job, the bar follows it (the page asks for the book
 * every second while it runs), a failure says why in the service's words, and the four formats can
 * be downloaded once a compile has finished.
 */
export function CompilePanel({
  book,
  starting,
  startError,
  onCompile,
}: {
  book: Book;
  starting: boolean;
  startError: string | null;
  onCompile(): void;
}) {
  const [busy, setBusy] = useState<BookFormat | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { compile } = book;
  const running = compiling(compile.status);
  const pct = percent(compile.progress);
  const compiled = compile.status === 'done' || compile.compiledAt !== null;

  const download = async (format: BookFormat) => {
    setBusy(format);
    setDownloadError(null);
    try {
      await downloadBook(book.id, book.title, format);
    } catch {
      setDownloadError('The file could not be downloaded. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="compile-panel" aria-labelledby="compile-title">
      <div className="compile-panel__head">
        <h2 id="compile-title" className="compile-panel__title">
          Compile and download
        </h2>
        <Button icon={<Printer size={18} />} busy={starting || running} onClick={onCompile}>
          {compiled ? 'Compile again' : 'Compile the book'}
        </Button>
      </div>
      <p className="compile-panel__line">
        Compiling sets the whole book from its chapters: title page, contents, the chapters with their endnotes, photos,
        a pedigree chart and the indexes of names and places.
      </p>
      {running ? (
        <div className="compile-progress">
          <progress className="compile-progress__bar" max={100} value={pct} aria-label="Compile progress" />
          <p className="compile-progress__text" role="status">
            {compile.status === 'queued' ? 'Waiting to start…' : `Compiling… ${pct} %`}
          </p>
        </div>
      ) : (
        <p className="compile-panel__line" role="status">
          {compiledLine(compile.compiledAt)}
        </p>
      )}
      {compile.status === 'failed' && (
        <Alert tone="error">{compile.error || 'The book could not be compiled. Please try again.'}</Alert>
      )}
      {startError && <Alert tone="error">{startError}</Alert>}
      <div className="compile-panel__downloads">
        {BOOK_FORMATS.map((f) => (
          <Button
            key={f.format}
            variant="secondary"
            icon={<Download size={18} />}
            title={f.hint}
            busy={busy === f.format}
            disabled={!compiled || (busy !== null && busy !== f.format)}
            onClick={() => void download(f.format)}
          >
            Download {f.label}
          </Button>
        ))}
      </div>
      {!compiled && <p className="field__hint">Compile the book to download it.</p>}
      {downloadError && <Alert tone="error">{downloadError}</Alert>}
    </section>
  );
}
