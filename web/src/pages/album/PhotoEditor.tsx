import type { DocumentRecord } from '@gnology/contracts';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useId, useState } from 'react';
import { thumbnailUrl } from '../../lib/document-urls';
import type { DraftPhoto } from './albumDraft';

interface Props {
  photo: DraftPhoto;
  doc: DocumentRecord | undefined;
  index: number;
  count: number;
  disabled: boolean;
  onChange(patch: Partial<DraftPhoto>): void;
  onMove(delta: -1 | 1): void;
}

/** One photo of the album: thumbnail, caption, description, include toggle and move up/down. */
export function PhotoEditor({ photo, doc, index, count, disabled, onChange, onMove }: Props) {
  const id = useId();
  const [thumbFailed, setThumbFailed] = useState(false);
  const label = photo.caption.trim() || photo.fileName;
  const facts = [photo.people.join(', '), photo.date, photo.location].filter(Boolean).join(' · ');
  return (
    <li className={`album-photo${photo.includeInAlbum ? '' : ' album-photo--excluded'}`}>
      <span className="album-photo__number" aria-hidden="true">
        {index + 1}
      </span>
      <div className="album-photo__thumb">
        {doc?.hasThumbnail && !thumbFailed ? (
          <img src={thumbnailUrl(doc)} alt="" loading="lazy" onError={() => setThumbFailed(true)} />
        ) : (
          <span>No Preview</span>
        )}
      </div>
      <div className="album-photo__fields">
        <p className="album-photo__file">{photo.fileName}</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-caption`}>
            Caption
          </label>
          <input
            id={`${id}-caption`}
            className="field__input"
            value={photo.caption}
            maxLength={300}
            disabled={disabled}
            onChange={(e) => onChange({ caption: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-description`}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            className="field__input album-photo__description"
            rows={2}
            maxLength={4000}
            value={photo.description}
            disabled={disabled}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        </div>
        {facts && <p className="album-photo__facts">{facts}</p>}
        <label className="album-check">
          <input
            type="checkbox"
            checked={photo.includeInAlbum}
            disabled={disabled}
            onChange={(e) => onChange({ includeInAlbum: e.target.checked })}
          />
          Include in album
        </label>
      </div>
      <div className="album-photo__order">
        <button
          type="button"
          className="icon-btn"
          data-move={`${photo.id}:up`}
          disabled={disabled || index === 0}
          onClick={() => onMove(-1)}
          aria-label={`Move ${label} up`}
        >
          <ArrowUp size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-btn"
          data-move={`${photo.id}:down`}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(1)}
          aria-label={`Move ${label} down`}
        >
          <ArrowDown size={18} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
