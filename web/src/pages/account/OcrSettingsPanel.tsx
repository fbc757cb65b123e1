import type { OcrLanguage } from '@gnology/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Card, LoadError, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { saveOcrSettings } from '../../lib/documents-api';
import { languageNames, OCR_SETTINGS_KEY, OcrLanguagePicker, useOcrSettings } from '../documents/OcrLanguagePicker';

/**
 * "Reading documents" (issue 14): the languages GNology reads the account's scanned pages in. New
 * uploads use them unless the upload chooses others; documents already read keep theirs (the
 * viewer's "Read again" reads one again in other languages).
 */
export function OcrSettingsPanel() {
  const settings = useOcrSettings();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<OcrLanguage[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // The saved choice fills the form once it has loaded (and after Retry).
  useEffect(() => {
    if (settings.data && choice === null) setChoice(settings.data.languages);
  }, [settings.data, choice]);

  const saved = settings.data?.languages ?? [];
  const changed = choice !== null && choice.join(',') !== saved.join(',');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return;
    setBusy(true);
    setMessage(null);
    try {
      const res = await saveOcrSettings(choice);
      queryClient.setQueryData(OCR_SETTINGS_KEY, res);
      setChoice(res.languages);
      setMessage({ tone: 'success', text: `Saved. New uploads will be read in ${languageNames(res.languages)}.` });
    } catch (err) {
      const reason =
        err instanceof ApiError && err.status !== 0 && err.status < 500
          ? err.message
          : 'The languages could not be saved. Please try again.';
      setMessage({ tone: 'error', text: reason });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Reading documents" className="ocr-settings">
      <p className="ocr-settings__lead">
        GNology reads the text of scanned pages and photographed records in the languages you choose here. Each upload
        can choose others.
      </p>
      {settings.isPending && <Spinner label="Loading your languages..." />}
      {settings.isError && (
        <LoadError size="sm" onRetry={() => settings.refetch()} retrying={settings.isFetching}>
          Could not load your document languages.
        </LoadError>
      )}
      {choice && (
        <form className="ocr-settings__form" onSubmit={submit} aria-label="Languages of your documents">
          <OcrLanguagePicker
            legend="Languages of your documents"
            value={choice}
            disabled={busy}
            onChange={(next) => {
              setChoice(next);
              setMessage(null);
            }}
          />
          <div className="ocr-settings__actions">
            <Button type="submit" busy={busy} disabled={!changed}>
              {busy ? 'Saving...' : 'Save languages'}
            </Button>
            {!changed && !message && <span className="ocr-settings__current">Reading in {languageNames(saved)}.</span>}
          </div>
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
        </form>
      )}
    </Card>
  );
}
