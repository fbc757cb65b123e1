import { Save } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import { Alert, Button } from '../../components/ui';
import { chapterStatusLabel } from './bookFormat';
import type { BookChapter } from './booksApi';

export interface ChapterEditorProps {
  chapter: BookChapter;
  /** The text in the box: the user's draft, or the chapter's saved text. */
  value: string;
  dirty: boolean;
  saving: boolean;
  saved: boolean;
  error: string | null;
  onChange(text: string): void;
  onSave(): void;
  onDiscard(): void;
  /** Offered when the text is the author's: the chapter goes back to GNology's text. */
  onRestore?(): void;
}

/**
 * One chapter's text, to read and rewrite: paragraphs split by blank lines, *italic* in stars,
 * endnote markers such as [^3] kept where they are. Ctrl+S (⌘S) saves from inside the box.
 */
export function ChapterEditor({
  chapter,
  value,
  dirty,
  saving,
  saved,
  error,
  onChange,
  onSave,
  onDiscard,
  onRestore,
}: ChapterEditorProps) {
  const boxId = useId();
  const writing = chapter.status === 'writing';
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      if (dirty && !saving) onSave();
    }
  };
  const heading = chapter.label ? `${chapter.label}: ${chapter.title}` : chapter.title;
  return (
    <section className="chapter-editor" aria-labelledby={`${boxId}-title`}>
      <div className="chapter-editor__head">
        <h2 id={`${boxId}-title`} className="chapter-editor__title">
          {heading}
        </h2>
        <span className={`chapter-status chapter-status--${chapter.status}`}>{chapterStatusLabel(chapter.status)}</span>
      </div>
      {chapter.status === 'failed' && (
        <Alert tone="error">
          This chapter could not be written. Write it here yourself, or compile the book again.
        </Alert>
      )}
      {writing && <Alert tone="info">Gene is writing this chapter. It appears here when it is done.</Alert>}
      <label className="field__label" htmlFor={boxId}>
        Text of the chapter
      </label>
      <textarea
        id={boxId}
        className="field__input chapter-editor__text"
        value={value}
        readOnly={writing}
        spellCheck
        aria-describedby={`${boxId}-hint`}
        placeholder={chapter.status === 'empty' ? 'Not written yet. Write this chapter here.' : undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${boxId}-hint`} className="field__hint">
        A blank line starts a new paragraph; *stars* make italics; keep note markers such as [^1] beside the facts they
        source. Ctrl+S saves.
      </p>
      <div className="chapter-editor__actions">
        <Button icon={<Save size={18} />} disabled={!dirty} busy={saving} onClick={onSave}>
          Save chapter
        </Button>
        <Button variant="secondary" disabled={!dirty || saving} onClick={onDiscard}>
          Discard changes
        </Button>
        {onRestore && !dirty && (
          <Button variant="ghost" disabled={saving} onClick={onRestore}>
            Use GNology's text
          </Button>
        )}
        <p className="chapter-editor__state" role="status">
          {dirty ? 'Unsaved changes' : saved ? 'Saved' : ''}
        </p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}
