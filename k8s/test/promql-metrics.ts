/**
 * The metric names a PromQL expression reads. Good enough for the expressions we write (no
 * subqueries over recording rules): strings, label matchers, ranges and `by (...)` lists are
 * removed, then every identifier that is not a PromQL function or keyword is a metric.
 */
const PROMQL_WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'stddev',
  'stdvar',
  'topk',
  'bottomk',
  'quantile',
  'count_values',
  'group',
  'rate',
  'irate',
  'increase',
  'delta',
  'idelta',
  'deriv',
  'predict_linear',
  'histogram_quantile',
  'abs',
  'absent',
  'ceil',
  'floor',
  'round',
  'clamp_min',
  'clamp_max',
  'time',
  'vector',
  'scalar',
  'label_replace',
  'sort',
  'sort_desc',
  'avg_over_time',
  'max_over_time',
  'min_over_time',
  'sum_over_time',
  'count_over_time',
  'quantile_over_time',
  'changes',
  'resets',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
]);

export function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const m of stripped.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const word = m[0];
    if (PROMQL_WORDS.has(word)) continue;
    // An exponent such as 1.4e9 leaves "e9" behind.
    if (/^e\d+$/.test(word)) continue;
    names.add(word);
  }
  return [...names];
}

/** `# TYPE name kind` lines of a Prometheus text exposition. */
export function exportedMetrics(exposition: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const m of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(m[1]!, m[2]!);
  return types;
}

/** Whether a name an expression reads is exported: histograms answer for their _bucket, _sum and _count series. */
export function isExported(name: string, types: Map<string, string>): boolean {
  if (types.has(name)) return true;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return base !== name && (types.get(base) === 'histogram' || types.get(base) === 'summary');
}
