import type { DocumentRecord, PersonRole } from '@gnology/contracts';
import { ImageOff, UserPlus, X } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui';
import { thumbnailUrl } from '../../lib/document-urls';
import { roleWords } from './people';
import { PhotoTags } from './PhotoTags';
import { TagPersonForm } from './TagPersonForm';

/** People shown on a card before "+N more" (a record scan can name a dozen). */
const MAX_CHIPS = 3;

interface Props {
  image: DocumentRecord;
  selected: boolean;
  tagging: boolean;
  onToggleSelected(id: string): void;
  onView(id: string): void;
  onStartTagging(id: string | null): void;
  onTag(image: DocumentRecord, name: string, role: PersonRole): Promise<void>;
  onUntag(image: DocumentRecord, index: number): void;
  /** Saves the image's full list of tags; rejects when the save failed. */
  onSaveTags(image: DocumentRecord, tags: string[]): Promise<void>;
  /** The id of the page's list of tag suggestions. */
  tagSuggestionsId: string;
}

/**
 * One image in the gallery grid: a selection checkbox, the thumbnail (opens the viewer), the
 * people tagged in it as removable chips, its tags (editable), and the tag-a-person form when it
 * is this card's turn.
 * Memoised: with hundreds of cards on screen, only the ones whose props change re-render.
 */
export const ImageCard = memo(function ImageCard({
  image,
  selected,
  tagging,
  onToggleSelected,
  onView,
  onStartTagging,
  onTag,
  onUntag,
  onSaveTags,
  tagSuggestionsId,
}: Props) {
  const [thumbFailed, setThumbFailed] = useState(false);
  const [allPeople, setAllPeople] = useState(false);
  const name = image.originalName;
  const tagButton = useRef<HTMLButtonElement>(null);
  const wasTagging = useRef(tagging);
  // When the form closes (Add, Cancel) focus would fall to the page: put it back on "Tag person".
  useEffect(() => {
    if (wasTagging.current && !tagging && (document.activeElement === document.body || document.activeElement === null))
      tagButton.current?.focus();
    wasTagging.current = tagging;
  }, [tagging]);
  return (
    <li
      className={`gallery-card${selected ? ' gallery-card--selected' : ''}${tagging ? ' gallery-card--tagging' : ''}`}
    >
      <div className="gallery-card__media">
        <button
          type="button"
          className="gallery-card__open"
          data-image-id={image._id}
          onClick={() => onView(image._id)}
          aria-label={`View ${name}`}
        >
          {image.hasThumbnail && !thumbFailed ? (
            <img
              src={thumbnailUrl(image)}
              alt=""
              loading="lazy"
              decoding="async"
              onError={() => setThumbFailed(true)}
            />
          ) : (
            <span className="no-preview" aria-hidden="true">
              <ImageOff size={28} />
              No Preview
            </span>
          )}
        </button>
        <label className="gallery-card__select">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggleSelected(image._id)}
            aria-label={`Select ${name}`}
          />
        </label>
      </div>
      <div className="gallery-card__body">
        <h3 className="gallery-card__name">{name}</h3>
        {image.peopleIdentified.length > 0 && (
          <ul className="person-chips" aria-label={`People in ${name}`}>
            {image.peopleIdentified.slice(0, allPeople ? undefined : MAX_CHIPS).map((p, i) => (
              <li
                key={`${p.name}|${p.role}|${p.faceId ?? i}`}
                className="person-chip"
                // A name too long for the card is cut short on screen: the whole of it on hover.
                title={`${p.name} (${roleWords(p.role)})`}
              >
                <span className="person-chip__label">
                  <span className="person-chip__name">{p.name}</span>{' '}
                  <span className="person-chip__note">({roleWords(p.role)})</span>
                </span>
                <button
                  type="button"
                  className="person-chip__remove"
                  onClick={() => onUntag(image, i)}
                  aria-label={`Remove ${p.name} from ${name}`}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
            {image.peopleIdentified.length > MAX_CHIPS && (
              <li className="person-chips__more">
                <button
                  type="button"
                  className="person-chip person-chip--toggle"
                  aria-expanded={allPeople}
                  onClick={() => setAllPeople((v) => !v)}
                >
                  {allPeople ? 'Show fewer' : `+${image.peopleIdentified.length - MAX_CHIPS} more`}
                </button>
              </li>
            )}
          </ul>
        )}
        <PhotoTags
          name={name}
          tags={image.tags}
          suggestionsId={tagSuggestionsId}
          onSave={(tags) => onSaveTags(image, tags)}
        />
        {tagging ? (
          <TagPersonForm
            label={`Tag a person in ${name}`}
            onSave={(n, r) => onTag(image, n, r)}
            onCancel={() => onStartTagging(null)}
          />
        ) : (
          <Button
            ref={tagButton}
            variant="ghost"
            size="sm"
            className="gallery-card__tag"
            icon={<UserPlus size={16} />}
            onClick={() => onStartTagging(image._id)}
            aria-label={`Tag person in ${name}`}
          >
            Tag person
          </Button>
        )}
      </div>
    </li>
  );
});
