import { type DocumentRecord, LOW_OCR_CONFIDENCE, type OcrLanguage } from '@gnology/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Languages, RotateCw } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Disclosure, DisclosurePanel, Button as DisclosureTrigger } from 'react-aria-components';
import { Alert, Button } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { isImage, isPdf } from '../../lib/document-kinds';
import { fetchDocument, reprocessDocument } from '../../lib/documents-api';
import { DOCUMENTS_KEY, isProcessing, processingLabel } from './documentsQuery';
import { languageNames, OcrLanguagePicker } from './OcrLanguagePicker';
import './ocr.css';

const percent = (c: number) => `${Math.round(c)}%`;

/** The viewer's query key (DocumentViewer.tsx): a finished reading replaces the document it shows. */
const viewKey = (id: string) => ['document-view', id] as const;

/**
 * How a scan was read (issue 14), under the viewer's title: the languages, a warning on a page read
 * with low confidence, and "Read again" in a choice of languages, which puts the document back in
 * the queue and follows its processing as the upload panel does. When the new reading is done the
 * viewer shows it (its pages and images are replaced).
 */
export function OcrQualityPanel({ doc, page }: { doc: DocumentRecord; page: number }) {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<DocumentRecord | null>(null);
  const [choice, setChoice] = useState<OcrLanguage[]>(doc.ocrLanguages);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // Focus must stay in the viewer (Escape closes it) when the form it was in goes away.
  const panel = useRef<HTMLElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  const tracking = started !== null || isProcessing(doc);
  const live = useQuery({
    queryKey: ['document-ocr', doc._id],
    queryFn: () => fetchDocument(doc._id),
    enabled: tracking,
    refetchInterval: 1500,
    refetchOnWindowFocus: false,
  });
  const current = tracking ? (live.data ?? started ?? doc) : doc;

  useEffect(() => {
    const fresh = live.data;
    if (!tracking || !fresh || isProcessing(fresh)) return;
    queryClient.setQueryData(viewKey(fresh._id), fresh);
    void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    queryClient.removeQueries({ queryKey: ['document-ocr', fresh._id] });
    if (started) {
      setMessage(
        fresh.processingStatus === 'completed'
          ? { tone: 'success', text: `Read again in ${languageNames(fresh.ocrLanguages)}.` }
          : {
              tone: 'error',
              text: fresh.processingError
                ? `Reading again failed: ${fresh.processingError}`
                : 'Reading again failed. Please try again.',
            },
      );
    }
    setStarted(null);
    setChoice(fresh.ocrLanguages);
  }, [live.data, tracking, started, queryClient]);

  if (!isImage(doc) && !isPdf(doc)) return null;

  const readings = current.pages;
  const ocrRead = readings.some((p) => p.ocr);
  const here = readings.find((p) => p.pageNumber === page);
  const lowHere = here?.confidence != null && here.confidence < LOW_OCR_CONFIDENCE ? here.confidence : null;
  const lowElsewhere = current.lowConfidencePages.filter((n) => n !== page);
  const multi = readings.length > 1;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      queryClient.removeQueries({ queryKey: ['document-ocr', doc._id] });
      const res = await reprocessDocument(doc._id, choice);
      setStarted(res);
      setOpen(false);
      requestAnimationFrame(() => panel.current?.focus());
    } catch (err) {
      const text =
        err instanceof ApiError && err.status === 404
          ? 'This document is not among your documents any more.'
          : err instanceof ApiError && err.status > 0 && err.status < 500
            ? err.message
            : 'Could not start reading the document again. Please try again.';
      setMessage({ tone: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section ref={panel} tabIndex={-1} className="ocr-panel" aria-label="How this document was read">
      <div className="ocr-panel__row">
        <p className="ocr-panel__langs">
          <Languages size={16} aria-hidden="true" />
          {ocrRead || isImage(doc)
            ? `Read in ${languageNames(current.ocrLanguages)}`
            : `Text from the file itself; scans are read in ${languageNames(current.ocrLanguages)}`}
        </p>
        {!tracking && (
          <Disclosure className="ocr-panel__again" isExpanded={open} onExpandedChange={setOpen}>
            <DisclosureTrigger ref={trigger} slot="trigger" className="btn btn--secondary btn--sm ocr-panel__trigger">
              <RotateCw size={16} aria-hidden="true" /> Read again{' '}
              <ChevronDown size={16} aria-hidden="true" className="ocr-panel__chevron" />
            </DisclosureTrigger>
            <DisclosurePanel className="ocr-panel__form-wrap">
              <form className="ocr-panel__form" onSubmit={submit} aria-label="Read again">
                <OcrLanguagePicker
                  compact
                  legend="Read the document again in"
                  value={choice}
                  disabled={busy}
                  onChange={setChoice}
                />
                <div className="ocr-panel__buttons">
                  <Button type="submit" size="sm" busy={busy} icon={<RotateCw size={16} />}>
                    {busy ? 'Starting...' : `Read again in ${languageNames(choice)}`}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    onClick={() => {
                      setOpen(false);
                      trigger.current?.focus();
                    }}
                  >
                    Cancel
                  </Button>
                </div>
              </form>
            </DisclosurePanel>
          </Disclosure>
        )}
      </div>
      {tracking && (
        <div className="upload-progress ocr-panel__progress" aria-live="polite">
          <progress
            aria-label="Reading progress"
            {...(current.processingStep?.of
              ? { max: current.processingStep.of, value: current.processingStep.page ?? 0 }
              : {})}
          />
          <span>
            {started ? 'Reading again' : 'Processing'}: {processingLabel(current)}
          </span>
        </div>
      )}
      {!tracking && lowHere !== null && (
        <Alert tone="warning" className="ocr-panel__low">
          {multi ? `Page ${page}: read` : 'Read'} with low confidence ({percent(lowHere)}) — check the image.
          {lowElsewhere.length > 0 &&
            ` Also ${lowElsewhere.length === 1 ? 'page' : 'pages'} ${lowElsewhere.join(', ')}.`}
        </Alert>
      )}
      {!tracking && lowHere === null && lowElsewhere.length > 0 && (
        <p className="ocr-panel__note">
          {lowElsewhere.length === 1 ? 'Page' : 'Pages'} {lowElsewhere.join(', ')}{' '}
          {lowElsewhere.length === 1 ? 'was' : 'were'} read with low confidence — check the image.
        </p>
      )}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </section>
  );
}
