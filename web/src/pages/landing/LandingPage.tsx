import { BookOpen, Dna, FileSearch, Medal, MessagesSquare, Scale, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink, PageMeta } from '../../components/ui';
import '../content/content.css';
import './landing.css';
import { IconTiles } from '../content/IconTiles';
import {
  MONTHLY_PRICE_TEXT,
  PROFESSIONAL_TOKENS_TEXT,
  TRIAL_TOKENS_TEXT,
  UPLOAD_LIMIT_MB,
  YEARLY_PRICE_TEXT,
} from '../../lib/limits';

const STEPS = [
  {
    icon: Upload,
    title: 'Upload your records',
    text: `Census pages, certificates, parish registers, wills, letters and photos — PDF, images, Word or text, up to ${UPLOAD_LIMIT_MB} MB each. GNology reads them and finds the people, dates and places.`,
  },
  {
    icon: MessagesSquare,
    title: 'Research with Gene',
    text: 'Ask Gene what a record shows, which records to search next and how the people in your documents connect. Every answer points back to its source.',
  },
  {
    icon: BookOpen,
    title: 'Write the book',
    text: 'Fill in the GNology Journal for five ancestors and Gene drafts your family history, chapter by chapter, for you to check, edit and publish.',
  },
];

const PACKAGES = [
  {
    name: 'Standard',
    price: '$2,500–$3,500',
    pages: '100–150 pages',
    delivery: 'Delivered in 3–4 weeks',
    text: 'A family history of one line: five ancestors, their records, photos and stories.',
  },
  {
    name: 'Premium',
    price: '$3,500–$5,000',
    pages: '200–300 pages',
    delivery: 'Longer research and review',
    text: 'A fuller family history across several lines, with more records, photos and appendices.',
  },
];

const FORENSIC = [
  {
    icon: Scale,
    title: 'Missing heirs',
    text: 'Build the family outward from the deceased, prove each relationship with vital, probate and census records, and account for every branch.',
  },
  {
    icon: Dna,
    title: 'DNA research',
    text: 'Organise DNA matches alongside documentary evidence, build the trees of shared matches and test how people are related.',
  },
  {
    icon: Medal,
    title: 'Military identification',
    text: 'Trace the families of unidentified service members through service, casualty and next-of-kin records to living relatives.',
  },
];

/** `/` (docs/contract.md#product): the product for families and for professionals; members go to /research. */
export function LandingPage() {
  return (
    <main className="landing">
      <PageMeta
        title="GNology — family history research with Gene"
        description={`Research your family history with Gene, an AI research assistant that reads your records, and turn your research into a family history book. Free trial: ${TRIAL_TOKENS_TEXT} tokens.`}
      />
      <section className="landing__hero" aria-labelledby="hero-title">
        <div className="landing__inner">
          <h1 id="hero-title">Your family’s records, read closely and written into a book</h1>
          <p className="landing__lead">
            GNology reads your census pages, certificates and letters, and gives you Gene, a research assistant that
            works from them with you — for family historians and professional genealogists alike.
          </p>
          <div className="cta-row">
            <ButtonLink to="/register" className="landing__cta">
              Start Your Free Trial
            </ButtonLink>
            <ButtonLink to="/tutorial" variant="secondary">
              See How It Works
            </ButtonLink>
          </div>
          <p className="landing__fine">{TRIAL_TOKENS_TEXT} tokens free. No card required.</p>
        </div>
      </section>

      <div className="landing__inner landing__body">
        <section aria-labelledby="families-title">
          <h2 id="families-title">For families: from a box of records to a book</h2>
          <ol className="grid-3">
            {STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="tile">
                <Icon size={26} aria-hidden="true" />
                <h3>
                  {i + 1}. {title}
                </h3>
                <p>{text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="pro-title" className="landing__pro">
          <h2 id="pro-title">For professionals: turn past client research into family history books</h2>
          <p className="landing__intro">
            You have already done the research for your clients. With a filled GNology Journal and your notes, Gene
            drafts an initial manuscript in 1–2 hours; you review, verify and finish it, and offer your clients a book
            alongside your report.
          </p>
          <ul className="landing__packages">
            {PACKAGES.map((p) => (
              <li key={p.name} className="package">
                <h3 className="package__name">{p.name} book</h3>
                <p className="package__price">{p.price}</p>
                <p className="package__pages">{p.pages}</p>
                <p>{p.text}</p>
                <p className="package__delivery">{p.delivery}</p>
              </li>
            ))}
          </ul>
          <ul className="grid-3 landing__claims">
            <li>
              <strong>200%–500% return</strong>
              <span>on research you have already done, at these package prices</span>
            </li>
            <li>
              <strong>3–4 weeks</strong>
              <span>to deliver a Standard book</span>
            </li>
            <li>
              <strong>1–2 hours</strong>
              <span>for Gene’s initial manuscript</span>
            </li>
          </ul>
          <p className="landing__fine landing__fine--dark">
            Package prices are what professionals typically charge their clients for a finished book; you set your own.
            GNology itself is billed by plan — see <Link to="/pricing">pricing</Link>.
          </p>
        </section>

        <section aria-labelledby="forensic-title">
          <h2 id="forensic-title">Forensic genealogy support</h2>
          <IconTiles tiles={FORENSIC} className="landing__forensic" />
          <div className="callout callout--warning landing__disclaimer">
            <p>
              <strong>Disclaimer:</strong> GNology and Gene support your research; they do not give legal advice. Users
              are solely responsible for verifying all results before relying on them in any legal, financial or
              official matter. <Link to="/tutorial#forensic-genealogy">Read the forensic genealogy guide</Link>.
            </p>
          </div>
        </section>

        <section aria-labelledby="method-title" className="landing__method">
          <div>
            <h2 id="method-title">Research you can stand behind</h2>
            <p>
              GNology follows the Genealogical Proof Standard: thorough searches, complete citations, careful analysis,
              conflicts resolved and conclusions clearly reasoned. Gene cites the documents it reads, so you can always
              check the source.
            </p>
            <p>
              <Link to="/about">About GNology</Link> · <Link to="/about-gene">About Gene</Link> ·{' '}
              <Link to="/faq">FAQ</Link>
            </p>
          </div>
          <FileSearch size={64} aria-hidden="true" className="landing__method-icon" />
        </section>

        <section aria-labelledby="plans-title" className="landing__plans">
          <h2 id="plans-title">Start free, subscribe when you are ready</h2>
          <p>
            The free trial includes {TRIAL_TOKENS_TEXT} tokens — enough for several research sessions. Professional is{' '}
            {MONTHLY_PRICE_TEXT} a month (or {YEARLY_PRICE_TEXT} a year) for {PROFESSIONAL_TOKENS_TEXT} tokens a month.
          </p>
          <div className="cta-row landing__plans-cta">
            <ButtonLink to="/register">Start Your Free Trial</ButtonLink>
            <ButtonLink to="/pricing" variant="secondary">
              See Pricing
            </ButtonLink>
          </div>
        </section>
      </div>
    </main>
  );
}
