import { Button, Dialog } from '../../components/ui';
import { TUTORIAL_SECTIONS } from './tutorialSections';

/**
 * The tutorial's contents in a modal dialog (react-aria: focus trapped, Escape or a click
 * outside closes, focus returns to the button that opened it). Its own chunk: loaded when the
 * contents button is first approached, so the tutorial's first load stays small.
 */
export function TocDialog({
  isOpen,
  onOpenChange,
  onChoose,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (id: string) => void;
}) {
  return (
    <Dialog
      title="Tutorial contents"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={(close) => (
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      )}
    >
      <nav aria-label="Tutorial sections">
        <ol className="toc-list">
          {TUTORIAL_SECTIONS.map((s, i) => (
            <li key={s.id}>
              <button type="button" className="toc-list__item" onClick={() => onChoose(s.id)}>
                <span className="toc-list__number" aria-hidden="true">
                  {i + 1}
                </span>
                {s.title}
              </button>
            </li>
          ))}
        </ol>
      </nav>
    </Dialog>
  );
}
