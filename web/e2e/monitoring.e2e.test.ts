// The alert rules and the Grafana dashboard (k8s/monitoring/) may only name metrics the product
// really exports: the whole built product is started, every process's /metrics is scraped, and
// each metric the rules and panels read must be there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportedMetrics, isExported, metricNamesIn } from '../../k8s/test/promql-metrics';
import { type Stack, startStack } from './harness';

const monitoring = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../k8s/monitoring');
const SERVICES = ['auth', 'conversation', 'research', 'documents', 'album', 'billing'];

function alertExpressions(): string[] {
  const rules = parse(readFileSync(path.join(monitoring, 'alerts.rules.yml'), 'utf8')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  };
  return rules.groups.flatMap((g) => g.rules.map((r) => r.expr));
}

function dashboardExpressions(): string[] {
  const dash = JSON.parse(readFileSync(path.join(monitoring, 'dashboard.json'), 'utf8')) as {
    panels: { targets: { expr: string }[] }[];
  };
  return dash.panels.flatMap((p) => p.targets.map((t) => t.expr));
}

describe('monitoring reads only what the services export', () => {
  let stack: Stack;
  const exported = new Map<string, string>();

  beforeAll(async () => {
    stack = await startStack();
    const gatewayPort = Number(new URL(stack.url).port);
    const targets = [stack.url, ...SERVICES.map((_, i) => `http://127.0.0.1:${gatewayPort + 1 + i}`)];
    for (const base of targets) {
      const res = await fetch(`${base}/metrics`);
      expect(res.status, `${base}/metrics`).toBe(200);
      for (const [name, kind] of exportedMetrics(await res.text())) exported.set(name, kind);
    }
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('exports the operational metrics on the running stack', () => {
    for (const name of [
      'job_queue_depth',
      'job_queue_oldest_waiting_seconds',
      'job_runs_total',
      'outbox_oldest_unpublished_seconds',
      'kafka_consumer_lag',
      'http_request_duration_seconds',
    ]) {
      expect(exported.has(name), name).toBe(true);
    }
  });

  it.each([
    ['alert rules', alertExpressions],
    ['dashboard panels', dashboardExpressions],
  ])('every metric the %s name is exported', (_what, expressions) => {
    const exprs = expressions();
    expect(exprs.length).toBeGreaterThan(5);
    const named = [...new Set(exprs.flatMap(metricNamesIn))];
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((n) => !isExported(n, exported))).toEqual([]);
  });
});
