import type { ImportRecord } from '@gnology/contracts';
import { useQuery } from '@tanstack/react-query';
import { Undo2, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, ConfirmDialog } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { fetchImport, fetchImports, PEOPLE_KEY, startImport, undoImport } from './peopleApi';
import { plural } from './peopleFormat';
import { useRefreshPeople } from './peopleQuery';
import './tree-import.css';

const POLL_MS = 1000;
const STEP: Record<'queued' | 'running', string> = {
  queued: 'Waiting for its turn…',
  running: 'Reading the people, families and sources…',
};

const counts = (r: ImportRecord) =>
  `${plural(r.individuals, 'person', 'people')}, ${plural(r.families, 'family', 'families')} and ${plural(r.sources, 'source')}`;

/**
 * "Import GEDCOM" (issue 32): the user picks a .ged or .gdz file; it is uploaded and read by a
 * job on the server while this polls its status; then the counts and what the reader had to say,
 * and "Undo import" (confirmed) to take the whole tree out again. One state, two places: the
 * button among the page's actions, the progress and result below the header.
 */
export function useGedcomImport() {
  const input = useRef<HTMLInputElement>(null);
  const refresh = useRefreshPeople();
  const [importId, setImportId] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ImportRecord | null>(null);
  const [undoing, setUndoing] = useState(false);

  const job = useQuery({
    queryKey: ['people-import', importId],
    queryFn: () => fetchImport(importId!),
    enabled: importId !== null,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'completed' || s === 'failed' ? false : POLL_MS;
    },
  });
  // Imports done before (this visit or another) stay listed, each undoable; refreshing the people refreshes them.
  const imports = useQuery({ queryKey: [...PEOPLE_KEY, 'imports'], queryFn: fetchImports });
  const earlier = (imports.data ?? []).filter((i) => i.status === 'completed' && i.importId !== importId);
  const record = job.data?.importId === importId ? job.data : undefined;
  const status = record?.status;

  // The list shows the tree once the job is done.
  useEffect(() => {
    if (status === 'completed') void refresh();
  }, [status, refresh]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setNotice(null);
    setImportId(null);
    setFileName(file.name);
    setUploading(true);
    try {
      setImportId(await startImport(file));
    } catch (err) {
      setError(
        err instanceof ApiError && [400, 413, 429].includes(err.status)
          ? err.message
          : 'The file could not be uploaded. Please try again.',
      );
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const undo = async (r: ImportRecord) => {
    setUndoing(true);
    setError(null);
    try {
      await undoImport(r.importId);
      setImportId(null);
      setNotice(`Import undone: the ${counts(r)} from ${r.fileName} were removed.`);
      await refresh();
    } catch {
      setError('The import could not be undone. Please try again.');
    } finally {
      setUndoing(false);
    }
  };

  const working = uploading || status === 'queued' || status === 'running' || (importId !== null && !record);
  return {
    input,
    choose,
    working,
    uploading,
    undoing,
    fileName,
    status,
    record,
    error,
    notice,
    readFailed: job.isError && !record,
    earlier,
    confirming,
    setConfirming,
    undo,
  };
}

export type GedcomImport = ReturnType<typeof useGedcomImport>;

export function ImportGedcomButton({ imp }: { imp: GedcomImport }) {
  return (
    <>
      <input
        ref={imp.input}
        type="file"
        accept=".ged,.gdz,.GED,.GDZ"
        className="tree-import__input"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void imp.choose(e.target.files?.[0])}
      />
      <Button
        variant="secondary"
        icon={<Upload size={18} />}
        busy={imp.working}
        disabled={imp.working || imp.undoing}
        title="A GEDCOM file (.ged) or GEDZIP (.gdz) from Gramps, Ancestry, MyHeritage, webtrees or any other program"
        onClick={() => imp.input.current?.click()}
      >
        Import GEDCOM
      </Button>
    </>
  );
}

export function ImportGedcomStatus({ imp }: { imp: GedcomImport }) {
  const { working, uploading, fileName, status, record, error, notice, confirming, setConfirming, undoing, earlier } =
    imp;
  return (
    <>
      <div className="tree-import" aria-live="polite">
        {working && (
          <div className="tree-import__progress" role="status">
            <p>
              Importing <strong>{fileName}</strong>…{' '}
              {uploading ? 'Uploading the file…' : STEP[status === 'running' ? 'running' : 'queued']}
            </p>
            <progress aria-label={`Importing ${fileName}`} />
          </div>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {imp.readFailed && <Alert tone="error">The import's progress could not be read. Please reload the page.</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        {status === 'failed' && record && (
          <Alert tone="error">
            {record.fileName} could not be imported: {record.error ?? 'the import failed.'}
          </Alert>
        )}
        {status === 'completed' && record && (
          <section className="tree-import__done" aria-label="Import finished">
            <p>
              Imported <strong>{record.fileName}</strong>: {counts(record)}. They are marked “From your tree”.
            </p>
            {record.warnings.length > 0 && (
              <details className="tree-import__warnings">
                <summary>{plural(record.warnings.length, 'note')} on the import</summary>
                <ul>
                  {record.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </details>
            )}
            <Button
              variant="secondary"
              size="sm"
              icon={<Undo2 size={16} />}
              busy={undoing}
              onClick={() => setConfirming(record)}
            >
              Undo import
            </Button>
          </section>
        )}
      </div>
      {earlier.length > 0 && (
        <section className="tree-import__earlier" aria-labelledby="tree-import-earlier-title">
          <h2 id="tree-import-earlier-title" className="tree-import__title">
            Imported trees
          </h2>
          <ul>
            {earlier.map((r) => (
              <li key={r.importId}>
                <span>
                  <strong>{r.fileName}</strong>: {counts(r)}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Undo2 size={16} />}
                  disabled={undoing}
                  aria-label={`Undo import of ${r.fileName}`}
                  onClick={() => setConfirming(r)}
                >
                  Undo import
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmDialog
        title="Undo this import?"
        subject={confirming}
        onSubjectChange={setConfirming}
        confirmLabel="Undo import"
        onConfirm={(r) => void imp.undo(r)}
      >
        {confirming && (
          <p>
            The {counts(confirming)} imported from {confirming.fileName} will be removed. People found in your documents
            are not touched.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
