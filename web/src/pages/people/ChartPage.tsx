import { type ChartFormat, ChartKind, type IndividualDetail } from '@gnology/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Button, LoadError, PageMeta, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { ChartViewport, readChartSvg } from './ChartViewport';
import { chartKey, downloadChart, fetchChartSvg } from './chartApi';
import { personMissing, usePerson } from './peopleQuery';
import './chart.css';
import './people.css';

const KINDS: { kind: ChartKind; label: string }[] = [
  { kind: 'pedigree', label: 'Pedigree' },
  { kind: 'descendants', label: 'Descendants' },
  { kind: 'fan', label: 'Fan' },
];
const GENERATIONS = [2, 3, 4, 5, 6, 7, 8];

/** What a chart of this kind needs that the person may not have (null: the chart has something to show). */
function emptyReason(detail: IndividualDetail, kind: ChartKind): string | null {
  const name = detail.individual.name;
  const has = (relation: string) => detail.relatives.some((r) => r.relation === relation);
  if (kind === 'descendants') return has('child') ? null : `No children recorded for ${name}.`;
  return has('parent') ? null : `No parents recorded for ${name}.`;
}

/** 422: the chart is too big to draw or print; the service says why and what to choose instead. */
const tooBig = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 422;

/** /people/:id/chart?kind=&generations=: a person's pedigree, descendants or fan chart (issue 32). */
export function ChartPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const parsedKind = ChartKind.safeParse(params.get('kind'));
  const kind: ChartKind = parsedKind.success ? parsedKind.data : 'pedigree';
  const asked = Number(params.get('generations'));
  const generations = GENERATIONS.includes(asked) ? asked : 4;
  const person = usePerson(id);
  const generationsId = useId();
  const detail = person.data;
  const empty = detail ? emptyReason(detail, kind) : null;
  const chart = useQuery({
    queryKey: chartKey(id, kind, generations),
    queryFn: () => fetchChartSvg(id, kind, generations),
    enabled: !!detail && !empty,
    retry: (count, err) => !personMissing(err) && !tooBig(err) && count < 1,
  });
  // The people shown, for the list beside the drawing (parsed once per chart).
  const people = useMemo(() => (chart.data ? readChartSvg(chart.data).people : []), [chart.data]);
  const [busy, setBusy] = useState<ChartFormat | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const choose = (next: { kind?: ChartKind; generations?: number }) => {
    setDownloadError(null); // it spoke of the chart that was shown
    setParams(
      { kind: next.kind ?? kind, generations: String(next.generations ?? generations) },
      { replace: true, preventScrollReset: true },
    );
  };

  const back = (
    <Link to={`/people/${encodeURIComponent(id)}`} className="person-back">
      <ArrowLeft size={16} aria-hidden="true" /> {detail ? detail.individual.name : 'Back to this person'}
    </Link>
  );
  if (person.isPending)
    return (
      <main className="page page-stack">
        {back}
        <Spinner label="Loading this person..." />
      </main>
    );
  if (!detail)
    return (
      <main className="page page-stack">
        <Link to="/people" className="person-back">
          <ArrowLeft size={16} aria-hidden="true" /> All people
        </Link>
        <h1 className="person-name__title">{personMissing(person.error) ? 'Person not found' : 'Family chart'}</h1>
        {personMissing(person.error) ? (
          <Alert tone="error">This person is not in your people index.</Alert>
        ) : (
          <LoadError onRetry={() => void person.refetch()} retrying={person.isFetching}>
            This person could not be loaded. Please try again.
          </LoadError>
        )}
      </main>
    );

  const name = detail.individual.name;
  const label = KINDS.find((k) => k.kind === kind)!.label;
  const download = async (format: ChartFormat) => {
    setBusy(format);
    setDownloadError(null);
    try {
      await downloadChart(id, name, kind, generations, format);
    } catch (err) {
      setDownloadError(tooBig(err) ? err.message : `The ${format.toUpperCase()} could not be made. Please try again.`);
    } finally {
      setBusy(null);
    }
  };
  const other: ChartKind = kind === 'descendants' ? 'pedigree' : 'descendants';

  return (
    <main className="page page-stack chart-page">
      <PageMeta title={`Family chart of ${name}`} description={`${name}'s ancestors and descendants as a chart.`} />
      {back}
      <h1 className="person-name__title">Family chart of {name}</h1>
      <div className="chart-controls">
        <fieldset className="chart-kinds">
          <legend>Chart</legend>
          {KINDS.map((k) => (
            <label key={k.kind} className={k.kind === kind ? 'chart-kind chart-kind--on' : 'chart-kind'}>
              <input
                type="radio"
                name="chart-kind"
                value={k.kind}
                checked={k.kind === kind}
                onChange={() => choose({ kind: k.kind })}
              />
              {k.label}
            </label>
          ))}
        </fieldset>
        <div className="chart-generations">
          <label htmlFor={generationsId}>Generations</label>
          <select
            id={generationsId}
            value={generations}
            onChange={(e) => choose({ generations: Number(e.target.value) })}
          >
            {GENERATIONS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
        <div className="chart-downloads">
          {(['svg', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              variant="secondary"
              icon={<Download size={16} />}
              busy={busy === format}
              disabled={!!empty || tooBig(chart.error) || busy !== null}
              onClick={() => void download(format)}
            >
              Download {format.toUpperCase()}
            </Button>
          ))}
        </div>
      </div>
      {downloadError && <Alert tone="error">{downloadError}</Alert>}
      {empty ? (
        <div className="chart-empty">
          <Alert tone="info">{empty}</Alert>
          <p>
            See{' '}
            <Link to={`?kind=${other}&generations=${generations}`} replace>
              the {other}
            </Link>{' '}
            instead, or import a family tree on the <Link to="/people">People page</Link>.
          </p>
        </div>
      ) : chart.isPending ? (
        <div className="chart-loading">
          <Spinner label="Drawing the chart..." />
        </div>
      ) : tooBig(chart.error) ? (
        <Alert tone="info">{chart.error.message}</Alert>
      ) : chart.error ? (
        <LoadError onRetry={() => void chart.refetch()} retrying={chart.isFetching}>
          The chart could not be drawn. Please try again.
        </LoadError>
      ) : (
        <>
          <ChartViewport svg={chart.data} title={`${label} of ${name}`} />
          <details className="chart-people">
            <summary>People in this chart ({people.length})</summary>
            <ul>
              {people.map((p) => (
                <li key={p.href}>
                  <Link to={p.href}>{p.label}</Link>
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </main>
  );
}
