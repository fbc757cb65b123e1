import { Download, ListOrdered } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { DisclosureGroup, type Key } from 'react-aria-components';
import { Button, ButtonLink, PageHeader, PageMeta } from '../../components/ui';
import { useSession } from '../../lib/session';
import { Fold } from './Fold';
import { JOURNAL_URL } from './journal';
import { scrollToId, useScrollToHash } from './scrollToHash';
import { TUTORIAL_SECTIONS } from './tutorialSections';

// The contents dialog (react-aria's modal machinery) is its own chunk, fetched when the button is
// first pointed at or focused: the tutorial's first load stays small.
const loadToc = () => import('./TocDialog');
const TocDialog = lazy(async () => ({ default: (await loadToc()).TocDialog }));
import './content.css';

const ALL_OPEN = TUTORIAL_SECTIONS.map((s) => s.id);

/**
 * /tutorial (docs/contract.md#screens): the quick start, twelve collapsible sections (all open to begin
 * with) and a contents button (floating on a wide screen, under the title on a phone) whose dialog
 * scrolls to the section chosen. The start buttons go to /research when a token is stored, else
 * /login, and say so in their labels.
 */
export function TutorialPage() {
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set(ALL_OPEN));
  const [tocOpen, setTocOpen] = useState(false);
  const [tocLoaded, setTocLoaded] = useState(false);
  const openToc = () => {
    setTocLoaded(true);
    setTocOpen(true);
  };
  useScrollToHash((id) => setExpanded((open) => new Set(open).add(id)));

  // A contents item opens its section, closes the dialog (focus goes back to the button) and
  // scrolls once the dialog has gone and the page can scroll again (it is locked while open).
  const choose = (id: string) => {
    setExpanded((open) => new Set(open).add(id));
    setTocOpen(false);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        scrollToId(id);
        history.replaceState(history.state, '', `#${id}`);
      }),
    );
  };

  return (
    <main className="page content-page content-page--with-fab page-stack page-stack--roomy">
      <PageMeta
        title="Tutorial"
        description="How to research five ancestors with the GNology Journal and Gene, count generations, analyse documents and write your family history book, step by step."
      />
      <PageHeader
        title="Tutorial"
        subtitle="From your first document to a finished family history book: the GNology method, one step at a time."
      />

      {/* Floats at the bottom right where the page leaves room beside the text; on a phone
          (768 px and narrower) it sits here, under the title, and covers nothing (issue 30). */}
      <Button
        className="toc-fab"
        icon={<ListOrdered size={20} />}
        onClick={openToc}
        onPointerEnter={loadToc}
        onFocus={loadToc}
        aria-haspopup="dialog"
      >
        Contents
      </Button>

      <QuickStart />

      <DisclosureGroup className="folds" allowsMultipleExpanded expandedKeys={expanded} onExpandedChange={setExpanded}>
        {TUTORIAL_SECTIONS.map((s) => (
          <Fold key={s.id} id={s.id} title={s.title}>
            <div className="prose">{s.body}</div>
          </Fold>
        ))}
      </DisclosureGroup>

      <StartButtons />

      {tocLoaded && (
        <Suspense fallback={null}>
          <TocDialog isOpen={tocOpen} onOpenChange={setTocOpen} onChoose={choose} />
        </Suspense>
      )}
    </main>
  );
}

function QuickStart() {
  return (
    <section className="callout" aria-labelledby="quick-start">
      <div className="prose">
        <h2 id="quick-start">Quick start</h2>
        <ol>
          <li>Download the GNology Journal and fill it in for five ancestors.</li>
          <li>Upload the filled journal and your records in Documents.</li>
          <li>In Research, select the journal, start a new conversation and ask Gene about your ancestors.</li>
          <li>When you are ready, type “Write the book”.</li>
        </ol>
      </div>
      <StartButtons compact />
    </section>
  );
}

/** The spec's call-to-action labels, by whether a token is stored. */
function StartButtons({ compact = false }: { compact?: boolean }) {
  const { token } = useSession();
  const to = token ? '/research' : '/login';
  return (
    <div className="cta-row">
      <ButtonLink to={to}>{token ? 'Start Your Book Project Now' : 'Login to Start Your Book Project'}</ButtonLink>
      <ButtonLink to={to} variant="secondary">
        {token ? 'Start Your Conversation with Gene' : 'Login to Start Your Conversation with Gene'}
      </ButtonLink>
      {!compact && (
        <ButtonLink to="/resources" variant="secondary">
          Research Resources
        </ButtonLink>
      )}
      <a className="btn btn--ghost" href={JOURNAL_URL} download>
        <Download size={18} aria-hidden="true" />
        Download GNology Journal
      </a>
    </div>
  );
}
