import type { AlbumStyle } from '@gnology/contracts';
import { Radio, RadioGroup } from 'react-aria-components';

const STYLES: { value: AlbumStyle; name: string; description: string }[] = [
  { value: 'classic', name: 'Classic', description: 'Cream pages, one framed photo a page, serif captions.' },
  { value: 'modern', name: 'Modern', description: 'A bold cover, large photos, sans-serif type.' },
  { value: 'vintage', name: 'Vintage', description: 'Sepia pages, ornate corners, italic captions.' },
  { value: 'minimal', name: 'Minimal', description: 'White landscape pages, photos in a quiet grid.' },
];

/** The four album styles as radio cards, each with a small drawing of a page in that style. */
export function StylePicker({
  value,
  onChange,
  disabled,
}: {
  value: AlbumStyle;
  onChange(style: AlbumStyle): void;
  disabled?: boolean;
}) {
  return (
    <RadioGroup
      className="style-picker"
      value={value}
      onChange={(v) => onChange(v as AlbumStyle)}
      isDisabled={disabled}
      aria-labelledby="album-style-label"
    >
      <span id="album-style-label" className="field__label">
        Style
      </span>
      <div className="style-picker__options">
        {STYLES.map((s) => (
          <Radio key={s.value} value={s.value} className="style-option">
            <span className={`style-preview style-preview--${s.value}`} aria-hidden="true">
              <span className="style-preview__photo" />
              <span className="style-preview__caption" />
            </span>
            <span className="style-option__text">
              <span className="style-option__name">{s.name}</span>
              <span className="style-option__desc">{s.description}</span>
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
