import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui';
import { saveBlob } from '../../lib/api';
import {
  type ExportFormat,
  type ExportSource,
  exportContent,
  exportFileName,
  formatBytes,
  printViewHtml,
  sizeLabel,
} from './exporters';

const LABELS: Record<ExportFormat, string> = { txt: 'TXT', json: 'JSON', md: 'Markdown', pdf: 'PDF (print view)' };

/** Under Gene's answers over 1,000 characters (docs/contract.md#screens, #other-limits): TXT, JSON, Markdown, PDF print view. */
export function ExportPanel({ source }: { source: ExportSource }) {
  const [preparing, setPreparing] = useState<ExportFormat | null>(null);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const fade = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(fade.current), []);

  const finish = (tone: 'ok' | 'error', text: string) => {
    setPreparing(null);
    setStatus({ tone, text });
    window.clearTimeout(fade.current);
    // The status disappears about 4 seconds after the export ends (docs/contract.md#screen-states).
    fade.current = window.setTimeout(() => setStatus(null), 4000);
  };

  const run = async (format: ExportFormat) => {
    if (!source.content.trim()) return finish('error', 'No content to export');
    setPreparing(format);
    setStatus(null);
    // Let the disabled state paint before the work.
    await new Promise((r) => setTimeout(r, 0));
    try {
      if (format === 'pdf') {
        const w = window.open('', '_blank');
        if (!w) throw new Error('popup blocked');
        w.document.open();
        w.document.write(printViewHtml(source));
        w.document.close();
        w.focus();
        setTimeout(() => w.print(), 250);
        return finish('ok', 'Print view opened: choose “Save as PDF” in the print dialog.');
      }
      const { text, type, ext } = exportContent(source, format);
      const blob = new Blob([text], { type });
      saveBlob(blob, exportFileName(source, ext));
      finish('ok', `Exported ${LABELS[format]} (${formatBytes(blob.size)}).`);
    } catch {
      finish('error', 'Export failed. Please try again.');
    }
  };

  const size = sizeLabel(source.content.length);
  return (
    // A group (fieldset), not a region: every long answer has one, and landmarks must be unique on the page.
    <fieldset className="export" aria-label="Export this answer">
      <span className="export__label">
        <Download size={15} aria-hidden="true" /> Export
        {size ? (
          <span className="export__size">
            {' '}
            · {size} ({source.content.length.toLocaleString()} characters)
          </span>
        ) : null}
      </span>
      <div className="export__buttons">
        {(Object.keys(LABELS) as ExportFormat[]).map((f) => (
          <Button
            key={f}
            size="sm"
            variant="secondary"
            disabled={preparing !== null}
            busy={preparing === f}
            onClick={() => run(f)}
          >
            {preparing === f ? 'Preparing…' : LABELS[f]}
          </Button>
        ))}
      </div>
      <p className={`export__status${status?.tone === 'error' ? ' export__status--error' : ''}`} role="status">
        {status?.text ?? ''}
      </p>
    </fieldset>
  );
}
