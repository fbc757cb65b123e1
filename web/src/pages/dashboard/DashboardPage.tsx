import { useQuery } from '@tanstack/react-query';
import { BookOpen, FileSearch, FileText, FileUp, Image, Library, Network, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, ButtonLink } from '../../components/ui';
import { useSession } from '../../lib/session';
import { viewerHref } from '../../lib/document-urls';
import { fetchDocuments } from '../../lib/documents-api';
import { formatDate } from '../../lib/format';
import './dashboard.css';

const RECENT = 5;

/** /dashboard (docs/contract.md#screens): welcome, three cards, Gene's section, up to 5 recent documents. */
export function DashboardPage() {
  const { user } = useSession();
  const docs = useQuery({
    queryKey: ['documents', 'dashboard'],
    queryFn: async () => {
      try {
        return await fetchDocuments();
      } catch (err) {
        // docs/contract.md#screens: on the dashboard a failure is only logged and the list stays empty.
        console.error('Could not load recent documents', err);
        return [];
      }
    },
  });
  const recent = (docs.data ?? []).slice(0, RECENT);

  return (
    <main className="page page-stack page-stack--roomy">
      <section className="dashboard__welcome" aria-labelledby="welcome-title">
        <h1 id="welcome-title">Welcome{user?.name ? `, ${user.name}` : ''}</h1>
        <p>Your family history workspace: upload records, keep your photos together and research with Gene.</p>
      </section>
      {/* One free trial per phone number (decision 0211): a later account on the number is told why it has no tokens. */}
      {user?.subscription?.trialNotice && (
        <Alert tone="info">
          {user.subscription.trialNotice} <Link to="/pricing">See the plans</Link>
        </Alert>
      )}

      <ul className="grid-3">
        <li>
          <Link to="/documents" className="dash-card">
            <FileUp size={28} aria-hidden="true" />
            <span className="dash-card__title">Upload Documents</span>
            <span className="dash-card__text">
              Census pages, certificates, letters and obituaries, read and indexed for you.
            </span>
          </Link>
        </li>
        <li>
          <Link to="/gallery" className="dash-card">
            <Image size={28} aria-hidden="true" />
            <span className="dash-card__title">Photo Gallery</span>
            <span className="dash-card__text">Tag the people in your family photos and make printable albums.</span>
          </Link>
        </li>
        <li>
          <Link to="/resources" className="dash-card">
            <Library size={28} aria-hidden="true" />
            <span className="dash-card__title">Research Resources</span>
            <span className="dash-card__text">The GNology Journal, the tutorial and trusted genealogy sites.</span>
          </Link>
        </li>
      </ul>

      <section className="dashboard__gene" aria-labelledby="gene-title">
        <div className="dashboard__gene-head">
          <Sparkles size={24} aria-hidden="true" />
          <h2 id="gene-title">Gene, your research assistant</h2>
        </div>
        <div className="dashboard__blurbs">
          <div className="blurb">
            <FileSearch size={22} aria-hidden="true" />
            <h3>Research Guidance</h3>
            <p>Plan your next step on each ancestor: which records to look for, and where.</p>
          </div>
          <div className="blurb">
            <FileText size={22} aria-hidden="true" />
            <h3>Document Analysis</h3>
            <p>Gene reads your uploads and points out the names, dates, places and relationships in them.</p>
          </div>
          <div className="blurb">
            <Network size={22} aria-hidden="true" />
            <h3>Family Connections</h3>
            <p>See how the people in your documents relate, and where the gaps in the tree are.</p>
          </div>
        </div>
        {/* /research without a conversation is a new session: the first question starts it. */}
        <ButtonLink to="/research">Start Research Session</ButtonLink>
      </section>

      <section className="dashboard__recent" aria-labelledby="recent-title">
        <div className="dashboard__recent-head">
          <h2 id="recent-title">Recent Documents</h2>
          {recent.length > 0 && <Link to="/documents">View All Documents</Link>}
        </div>
        {docs.isPending ? (
          <p className="dashboard__muted">Loading...</p>
        ) : recent.length > 0 ? (
          <ul className="recent-list">
            {recent.map((d) => (
              <li key={d._id} className="recent-list__item">
                <Link to={viewerHref(d._id)} className="recent-list__link">
                  <FileText size={18} aria-hidden="true" />
                  <span className="recent-list__name">{d.filename || 'Untitled Document'}</span>
                  <span className="recent-list__date">{formatDate(d.uploadDate ?? d.uploadedAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="dashboard__empty">
            <BookOpen size={32} aria-hidden="true" />
            <p>You have not uploaded any documents yet.</p>
            <div className="dashboard__empty-actions">
              <ButtonLink to="/documents">Upload Your First Document</ButtonLink>
              <ButtonLink to="/tutorial" variant="secondary">
                View the Tutorial
              </ButtonLink>
            </div>
          </div>
        )}
      </section>
    </main>
  );
}
