import type { DocumentRecord, OcrLanguage } from '@gnology/contracts';
import { ChevronDown, FileUp, Languages, Upload } from 'lucide-react';
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Disclosure, DisclosurePanel, Button as DisclosureTrigger } from 'react-aria-components';
import { Alert, Button, Card } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { ACCEPT, MAX_UPLOAD_BYTES, SESSION_EXPIRED, TOO_LARGE, uploadDocument } from '../../lib/documents-api';
import { UPLOAD_LIMIT_MB } from '../../lib/limits';
import { processingLabel, useDocumentsList } from './documentsQuery';
import { languageNames, OcrLanguagePicker, useOcrSettings } from './OcrLanguagePicker';

const UNSUPPORTED = 'Error: This type of file is not supported. Choose a PDF, JPG, PNG, DOC, DOCX or TXT file.';
const acceptedName = (name: string) => ACCEPT.split(',').some((ext) => name.toLowerCase().endsWith(ext));

type Phase =
  | { kind: 'idle' }
  | { kind: 'selected' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing'; doc: DocumentRecord };
export type UploadMessage = { tone: 'success' | 'error'; text: string } | null;

/**
 * The upload form (docs/contract.md#screens, #screen-states, #validation, #errors): choose a file (images get a local preview), upload
 * with a progress bar, then follow processing step by step until the document is completed.
 */
export function UploadForm({ onUploaded, onFinished }: { onUploaded: () => void; onFinished: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [message, setMessage] = useState<UploadMessage>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  // The document's languages: the account's until this form's choice changes them (kept for the next upload).
  const ocr = useOcrSettings();
  const [languages, setLanguages] = useState<OcrLanguage[] | null>(null);
  const chosen = languages ?? ocr.data?.languages ?? null;

  useEffect(() => {
    if (!file || !/^image\/(jpeg|png)$/.test(file.type)) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // Processing is followed through the documents list (one query for the list and this panel),
  // falling back to the upload's answer until the list has fetched the new document.
  const list = useDocumentsList();
  const tracked = phase.kind === 'processing' ? (list.data?.find((d) => d._id === phase.doc._id) ?? phase.doc) : null;
  useEffect(() => {
    if (!tracked) return;
    if (tracked.processingStatus === 'completed') {
      setMessage({ tone: 'success', text: 'Document uploaded and processed successfully!' });
      setPhase({ kind: 'idle' });
      onFinished();
    } else if (tracked.processingStatus === 'failed') {
      setMessage({
        tone: 'error',
        text: tracked.processingError ? `Error: ${tracked.processingError}` : 'Failed to process document',
      });
      setPhase({ kind: 'idle' });
      onFinished();
    }
  }, [tracked, onFinished]);

  const busy = phase.kind === 'uploading' || phase.kind === 'processing';

  const choose = (f: File | null) => {
    setFile(f);
    setMessage(null);
    setPhase(f ? { kind: 'selected' } : { kind: 'idle' });
  };

  // A file dragged over the area highlights it; dropping chooses it like the file picker does.
  const dragOver = (e: DragEvent<HTMLLabelElement>) => {
    if (busy || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const dragLeave = (e: DragEvent<HTMLLabelElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const drop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    const f = e.dataTransfer.files[0];
    if (busy || !f) return;
    // The input's accept attribute does not filter drops.
    if (!acceptedName(f.name)) return setMessage({ tone: 'error', text: UNSUPPORTED });
    if (input.current) input.current.value = '';
    choose(f);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    if (!file) return setMessage({ tone: 'error', text: 'Please select a file to upload' });
    if (file.size > MAX_UPLOAD_BYTES) return setMessage({ tone: 'error', text: TOO_LARGE });
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      // Unknown (the account's setting did not load and nothing was chosen): the service uses the account's.
      const doc = await uploadDocument(
        file,
        (percent) => setPhase({ kind: 'uploading', percent }),
        undefined,
        chosen ?? undefined,
      );
      setFile(null);
      if (input.current) input.current.value = '';
      setPhase({ kind: 'processing', doc });
      onUploaded();
    } catch (err) {
      setPhase({ kind: file ? 'selected' : 'idle' });
      if (err instanceof ApiError && err.status === 413) setMessage({ tone: 'error', text: TOO_LARGE });
      else if (err instanceof ApiError && err.status === 401) setMessage({ tone: 'error', text: SESSION_EXPIRED });
      else if (err instanceof Error && err.message) setMessage({ tone: 'error', text: `Error: ${err.message}` });
      else setMessage({ tone: 'error', text: 'Failed to process document' });
    }
  };

  return (
    <Card title="Upload a document" className="upload-card">
      <form className="upload-form" onSubmit={submit} noValidate>
        <div className="upload-form__row">
          <label
            htmlFor={inputId}
            className={`upload-drop${busy ? ' upload-drop--busy' : ''}${dragging ? ' upload-drop--active' : ''}`}
            onDragEnter={dragOver}
            onDragOver={dragOver}
            onDragLeave={dragLeave}
            onDrop={drop}
          >
            <FileUp size={28} aria-hidden="true" className="upload-drop__icon" />
            <span className="item-title">
              {dragging ? 'Drop the file here' : file ? file.name : 'Choose a file or drag it here'}
            </span>
            <span id={hintId} className="item-meta">
              PDF, JPG, PNG, DOC, DOCX or TXT, up to {UPLOAD_LIMIT_MB}MB
            </span>
            <input
              ref={input}
              id={inputId}
              type="file"
              name="document"
              accept={ACCEPT}
              className="upload-drop__input"
              aria-describedby={hintId}
              disabled={busy}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
          </label>
          {preview && (
            <img className="upload-preview" src={preview} alt={`Preview of ${file?.name ?? 'the selected image'}`} />
          )}
        </div>
        <Disclosure className="upload-lang" isDisabled={busy}>
          <DisclosureTrigger slot="trigger" className="upload-lang__trigger">
            <Languages size={18} aria-hidden="true" className="upload-lang__icon" />
            <span className="upload-lang__label">Language of the document:</span>
            <span className="upload-lang__value">{chosen ? languageNames(chosen) : 'as in your account'}</span>
            <ChevronDown size={18} aria-hidden="true" className="upload-lang__chevron" />
          </DisclosureTrigger>
          <DisclosurePanel className="upload-lang__panel">
            <OcrLanguagePicker
              compact
              legend="Language of the document"
              hint="Scanned pages are read in these languages. Your account's choice is the default."
              value={chosen ?? ['eng']}
              disabled={busy}
              onChange={setLanguages}
            />
          </DisclosurePanel>
        </Disclosure>
        <div className="upload-form__actions">
          <Button type="submit" icon={<Upload size={18} />} busy={busy}>
            {phase.kind === 'uploading'
              ? 'Uploading...'
              : phase.kind === 'processing'
                ? 'Processing...'
                : 'Upload Document'}
          </Button>
        </div>
        {phase.kind === 'uploading' && (
          <div className="upload-progress">
            <progress max={100} value={phase.percent} aria-label="Upload progress" />
            <span aria-live="polite">Uploading {phase.percent}%</span>
          </div>
        )}
        {phase.kind === 'processing' && (
          <div className="upload-progress" aria-live="polite">
            <progress
              aria-label="Processing progress"
              {...(tracked?.processingStep?.of
                ? { max: tracked.processingStep.of, value: tracked.processingStep.page ?? 0 }
                : {})}
            />
            <span>
              Processing {phase.doc.originalName}: {processingLabel(tracked ?? phase.doc)}
            </span>
          </div>
        )}
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </form>
    </Card>
  );
}
