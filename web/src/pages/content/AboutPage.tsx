import { BookOpen, FileSearch, Images, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui';
import { ContentPage, ProseSection } from './ContentPage';
import { StartCta } from './StartCta';
import './content.css';
import { IconTiles } from './IconTiles';
import { UPLOAD_LIMIT_MB } from '../../lib/limits';

const FEATURES = [
  {
    icon: FileSearch,
    title: 'Documents read for you',
    text: `Upload census pages, certificates, registers, wills and letters (PDF, images, Word or text, up to ${UPLOAD_LIMIT_MB} MB each). GNology reads them, OCR included, and lists the names, dates, places, relationships and occupations in them.`,
  },
  {
    icon: BookOpen,
    title: 'Research with Gene',
    text: 'Ask Gene about your documents, plan the next search, weigh conflicting evidence and write your family history as a book, chapter by chapter.',
  },
  {
    icon: Images,
    title: 'Photos and albums',
    text: 'Keep family photos beside the records, tag the people in them and print albums with captions, dates and places.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by design',
    text: 'Your documents, photos and conversations belong to your account alone. We do not sell your data or use it to train AI models.',
  },
];

/** /about: what GNology is, the research framework it follows, and what it does. */
export function AboutPage() {
  return (
    <ContentPage
      title="About GNology"
      description="GNology helps family historians and professional genealogists research ancestors from their own records, following the Genealogical Proof Standard, and turn the research into a book."
      subtitle="Family history research built on records, with an assistant that reads them with you."
    >
      <ProseSection id="why" title="Why GNology exists">
        <p>
          Most family history lives in scattered places: a folder of certificates, census images saved from a dozen
          websites, notes from a cousin’s phone call. The hard part of genealogy is not finding one more record; it is
          reading the records you have closely, connecting them correctly and telling the story they support.
        </p>
        <p>
          GNology brings those records into one workspace and gives you Gene, a research assistant that reads them with
          you. It is built for hobbyist family historians and for professional genealogists who want to turn finished
          client research into family history books.
        </p>
      </ProseSection>

      <ProseSection id="framework" title="Our research framework">
        <p>
          GNology follows the standards professional genealogists work to. Gene is asked to reason the same way, and the
          tutorial teaches it:
        </p>
        <ul>
          <li>
            <strong>The Genealogical Proof Standard:</strong> reasonably exhaustive research, complete citations,
            careful analysis and correlation of evidence, resolution of conflicts, and a clearly reasoned conclusion.
          </li>
          <li>
            <strong>Sources first:</strong> every fact is tied to the record it came from, and original records are
            preferred to indexes and transcriptions.
          </li>
          <li>
            <strong>Five ancestors at a time:</strong> a project follows five ancestors through a ten-section research
            journal, which keeps research focused and gives Gene what it needs to write the book.
          </li>
          <li>
            <strong>Consistent generation counting:</strong> generation 1 is the earliest known ancestor, and
            generations are counted inclusively.
          </li>
        </ul>
      </ProseSection>

      <section aria-labelledby="features">
        <h2 id="features">What GNology does</h2>
        <IconTiles tiles={FEATURES} />
      </section>

      <ProseSection id="honest" title="What we promise, and what we do not">
        <p>
          Gene is a capable assistant, not an oracle. It can misread a faded entry, and it cannot see records you have
          not uploaded. GNology shows you where every answer comes from so you can check it, and you remain responsible
          for the conclusions you publish or present.
        </p>
        <p>
          Read more <Link to="/about-gene">about Gene</Link>, see the <Link to="/pricing">plans</Link>, or start with
          the <Link to="/tutorial">tutorial</Link>.
        </p>
      </ProseSection>

      <div className="cta-row">
        <StartCta />
        <ButtonLink to="/about-gene" variant="secondary">
          Meet Gene
        </ButtonLink>
      </div>
    </ContentPage>
  );
}
