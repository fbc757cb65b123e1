import type { PeopleExportFormat } from '@gnology/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button } from '../../components/ui';
import { downloadGedcom } from './peopleApi';

const FORMATS: { format: PeopleExportFormat; label: string; hint: string }[] = [
  {
    format: 'gedcom-5.5.1',
    label: 'Export GEDCOM 5.5.1',
    hint: 'For Gramps, Family Tree Maker, RootsMagic and most other programs',
  },
  { format: 'gedcom-7', label: 'Export GEDCOM 7', hint: 'The newer standard, for programs that read GEDCOM 7' },
];

/** Everyone (people from documents and imported family trees) as a GEDCOM file, in the older (widely read) and the current version. */
export function ExportButtons({ disabled }: { disabled?: boolean }) {
  const [busy, setBusy] = useState<PeopleExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: PeopleExportFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadGedcom(format);
    } catch {
      setError('The GEDCOM file could not be made. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="people-export">
      <div className="people-export__buttons">
        {FORMATS.map((f) => (
          <Button
            key={f.format}
            variant="secondary"
            icon={<Download size={18} />}
            busy={busy === f.format}
            disabled={disabled || (busy !== null && busy !== f.format)}
            title={f.hint}
            onClick={() => run(f.format)}
          >
            {f.label}
          </Button>
        ))}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
