import { useState } from 'react';
import { useNavigate } from 'react-router';
import { readStoredToken, saveBlob } from '../../lib/api';
import { SESSION_EXPIRED, useSession } from '../../lib/session';

/** The public journal (docs/contract.md#api): a plain download link; `?paper=a4` is the A4 variant. */
export const JOURNAL_URL = '/api/resources/gnology-journal.pdf';
export const JOURNAL_A4_URL = `${JOURNAL_URL}?paper=a4`;
/** The signed-in download and the fixed name it is saved under (docs/contract.md#api, #errors). */
const JOURNAL_DOWNLOAD = '/api/journal/pdf/download';
// The value of JOURNAL_FILE_NAME in @gnology/contracts, written out: importing the contracts here
// would pull zod into the content pages' chunks (+30 KB gzipped).
export const JOURNAL_FILE_NAME = 'GNology-Journal.pdf';
export const JOURNAL_ERROR = 'Error downloading journal. Please try again.';

/**
 * The Resources page's journal button (docs/contract.md#permissions, #errors): no stored token goes to /login;
 * otherwise the PDF is fetched with the bearer token and saved as GNology-Journal.pdf. A 401
 * signs out with "Session expired. Please log in again." and goes to /login; any other failure
 * says "Error downloading journal. Please try again."
 */
export function useJournalDownload() {
  const navigate = useNavigate();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    const token = readStoredToken();
    if (!token) {
      navigate('/login', { state: { from: { pathname: '/resources' } } });
      return;
    }
    setBusy(true);
    try {
      const res = await fetch(JOURNAL_DOWNLOAD, { headers: { authorization: `Bearer ${token}` } });
      if (res.status === 401) {
        setError(SESSION_EXPIRED);
        session.expire();
        navigate('/login', { state: { from: { pathname: '/resources' } } });
        return;
      }
      if (!res.ok) throw new Error(`journal download answered ${res.status}`);
      saveBlob(await res.blob(), JOURNAL_FILE_NAME);
    } catch {
      setError(JOURNAL_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return { download, busy, error };
}
