import { describe, expect, it } from 'vitest';
import { exportedMetrics, isExported, metricNamesIn } from './promql-metrics';

describe('metric names in PromQL', () => {
  it('finds the metrics and leaves functions, labels, ranges and numbers out', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.99, sum by (service, le) (rate(http_request_duration_seconds_bucket{route!~".*(stream).*"}[5m]))) > 2',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(
      metricNamesIn('sum(rate(job_runs_total{outcome="failed"}[15m])) / sum(rate(job_runs_total[15m])) > 0.1'),
    ).toEqual(['job_runs_total']);
    expect(metricNamesIn('max by (service, pod) (process_resident_memory_bytes) > 1.4e9')).toEqual([
      'process_resident_memory_bytes',
    ]);
  });

  it('counts a histogram as exporting its series', () => {
    const types = exportedMetrics(
      '# HELP a x\n# TYPE http_request_duration_seconds histogram\n# TYPE job_queue_depth gauge\n',
    );
    expect(isExported('http_request_duration_seconds_bucket', types)).toBe(true);
    expect(isExported('job_queue_depth', types)).toBe(true);
    expect(isExported('job_queue_depth_bucket', types)).toBe(false);
    expect(isExported('kafka_consumer_lag', types)).toBe(false);
  });
});
