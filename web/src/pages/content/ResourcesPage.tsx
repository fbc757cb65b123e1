import { BookOpen, Download, ExternalLink, FileText } from 'lucide-react';
import { Button, ButtonLink, Card, LoadError } from '../../components/ui';
import { ContentPage } from './ContentPage';
import { JOURNAL_A4_URL, JOURNAL_URL, useJournalDownload } from './journal';
import './content.css';

interface Site {
  name: string;
  url: string;
  about: string;
}

/** The journal's two printable PDFs. */
const JOURNAL_FILES = [
  { href: JOURNAL_URL, label: 'PDF, US Letter' },
  { href: JOURNAL_A4_URL, label: 'PDF, A4' },
];

/** Record sites by kind; every one opens in a new tab. */
const SITES: { title: string; sites: Site[] }[] = [
  {
    title: 'Large record collections',
    sites: [
      {
        name: 'FamilySearch',
        url: 'https://www.familysearch.org/',
        about:
          'Free. Billions of indexed records and digitised microfilm from around the world; a free account is needed.',
      },
      {
        name: 'Ancestry',
        url: 'https://www.ancestry.com/',
        about:
          'Subscription. Census, vital, military and immigration records, strongest for the United States and the United Kingdom.',
      },
      {
        name: 'Findmypast',
        url: 'https://www.findmypast.com/',
        about: 'Subscription. British and Irish records: parish registers, census, military and newspapers.',
      },
      {
        name: 'MyHeritage',
        url: 'https://www.myheritage.com/',
        about: 'Subscription. Strong European collections and family trees from many countries.',
      },
    ],
  },
  {
    title: 'National archives',
    sites: [
      {
        name: 'US National Archives',
        url: 'https://www.archives.gov/research/genealogy',
        about:
          'Census, military service and pension files, passenger lists and naturalization records held by the federal government.',
      },
      {
        name: 'Library and Archives Canada',
        url: 'https://library-archives.canada.ca/',
        about: 'Canadian census, immigration, land and military records, many searchable free online.',
      },
      {
        name: 'The National Archives (UK)',
        url: 'https://www.nationalarchives.gov.uk/',
        about:
          'Records of the UK government, including military service, wills proved in London before 1858 and naturalisation.',
      },
      {
        name: 'ScotlandsPeople',
        url: 'https://www.scotlandspeople.gov.uk/',
        about: 'The official source of Scottish civil registration, old parish registers, census and wills.',
      },
    ],
  },
  {
    title: 'Free indexes and memorials',
    sites: [
      {
        name: 'FreeBMD',
        url: 'https://www.freebmd.org.uk/',
        about: 'Free index to births, marriages and deaths registered in England and Wales since 1837.',
      },
      {
        name: 'FreeCEN',
        url: 'https://www.freecen.org.uk/',
        about: 'Free transcriptions of nineteenth-century British census returns.',
      },
      {
        name: 'Find a Grave',
        url: 'https://www.findagrave.com/',
        about: 'Free. Volunteer-made memorials and headstone photos; check every fact against other records.',
      },
      {
        name: 'Chronicling America',
        url: 'https://chroniclingamerica.loc.gov/',
        about: 'Free historic American newspapers from the Library of Congress: obituaries, notices and local news.',
      },
    ],
  },
];

/** /resources (docs/contract.md#screens): the journal, the tutorial and trusted record sites. */
export function ResourcesPage() {
  const journal = useJournalDownload();

  return (
    <ContentPage
      title="Research Resources"
      description="Download the free, fillable GNology Journal for the five-ancestor research method, read the tutorial, and find the major genealogy record sites."
      subtitle="The GNology Journal, the tutorial and the record sites genealogists use most."
    >
      <Card title="The GNology Journal">
        <div className="prose">
          <p>
            A fillable PDF research journal in ten sections: your project and plan, one section for each of five
            ancestors, a checklist of sources searched, a research log, a correspondence log and your findings. Fill it
            in on screen or print it, then upload it in Documents so Gene can work from it.
          </p>
        </div>
        <div className="cta-row">
          <Button icon={<Download size={18} />} busy={journal.busy} onClick={() => void journal.download()}>
            {journal.busy ? 'Downloading...' : 'Download the GNology Journal'}
          </Button>
          {JOURNAL_FILES.map((file) => (
            <a key={file.href} className="btn btn--secondary" href={file.href} download>
              <FileText size={18} aria-hidden="true" />
              {file.label}
            </a>
          ))}
        </div>
        <div className="resources__status">
          {journal.error && (
            <LoadError retrying={journal.busy} onRetry={() => void journal.download()}>
              {journal.error}
            </LoadError>
          )}
        </div>
      </Card>

      <Card title="Learn the method">
        <div className="prose">
          <p>
            The tutorial takes you from your first upload to a finished book: building the tree, filling in the journal,
            asking Gene good questions, counting generations and writing the book chapter by chapter.
          </p>
        </div>
        <ButtonLink to="/tutorial" variant="secondary" icon={<BookOpen size={18} />}>
          Read the Tutorial
        </ButtonLink>
      </Card>

      <section aria-labelledby="sites-title" className="page-stack page-stack--roomy">
        <div className="prose">
          <h2 id="sites-title">Genealogy record sites</h2>
          <p className="muted">
            These sites are run by other organisations and open in a new tab. Some are free; others need a subscription.
          </p>
        </div>
        {SITES.map((group) => (
          <section key={group.title} aria-labelledby={`sites-${slug(group.title)}`}>
            <h3 id={`sites-${slug(group.title)}`}>{group.title}</h3>
            <ul className="tile-grid">
              {group.sites.map((site) => (
                <li key={site.name} className="tile">
                  <a className="site-link" href={site.url} target="_blank" rel="noopener noreferrer">
                    {site.name}
                    <ExternalLink size={16} aria-hidden="true" />
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                  <p>{site.about}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </ContentPage>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
