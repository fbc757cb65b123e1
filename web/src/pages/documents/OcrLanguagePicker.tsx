import { MAX_OCR_LANGUAGES, OCR_LANGUAGE_CODES, OCR_LANGUAGES, type OcrLanguage } from '@gnology/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { fetchOcrSettings } from '../../lib/documents-api';
import './ocr.css';

export const OCR_SETTINGS_KEY = ['ocr-settings'] as const;

/** The account's OCR languages (GET /api/documents/settings/ocr), shared by the account page, the upload form and the viewer. */
export function useOcrSettings() {
  return useQuery({ queryKey: OCR_SETTINGS_KEY, queryFn: fetchOcrSettings, staleTime: 60_000 });
}

/** "German and English", "German, English and Latin": the languages as a sentence names them. */
export function languageNames(languages: readonly string[]): string {
  const names = languages.map((l) => OCR_LANGUAGES[l as OcrLanguage] ?? l);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * A choice of one to three OCR languages: a fieldset of checkboxes named by language. With three
 * chosen the others are disabled (the hint says why); the last one cannot be unchecked.
 */
export function OcrLanguagePicker({
  legend,
  hint,
  value,
  onChange,
  disabled = false,
  compact = false,
}: {
  legend: string;
  hint?: string;
  value: readonly OcrLanguage[];
  onChange: (languages: OcrLanguage[]) => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const hintId = useId();
  const full = value.length >= MAX_OCR_LANGUAGES;
  const toggle = (code: OcrLanguage, checked: boolean) => {
    if (checked) onChange(value.includes(code) ? [...value] : [...value, code]);
    else onChange(value.filter((c) => c !== code));
  };
  return (
    <fieldset
      className={`ocr-picker${compact ? ' ocr-picker--compact' : ''}`}
      aria-describedby={hintId}
      disabled={disabled}
    >
      <legend className="ocr-picker__legend">{legend}</legend>
      <p id={hintId} className="ocr-picker__hint">
        {hint ? `${hint} ` : ''}
        {full
          ? `Up to ${MAX_OCR_LANGUAGES} languages: uncheck one to choose another.`
          : `Choose one to ${MAX_OCR_LANGUAGES} languages.`}
      </p>
      <div className="ocr-picker__options">
        {OCR_LANGUAGE_CODES.map((code) => {
          const checked = value.includes(code);
          return (
            <label key={code} className={`ocr-picker__option${checked ? ' ocr-picker__option--on' : ''}`}>
              <input
                type="checkbox"
                name="languages"
                value={code}
                checked={checked}
                disabled={(!checked && full) || (checked && value.length === 1)}
                onChange={(e) => toggle(code, e.target.checked)}
              />
              {OCR_LANGUAGES[code]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
