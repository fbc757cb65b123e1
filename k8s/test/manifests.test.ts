// Every overlay rendered and checked offline: each object against the Kubernetes OpenAPI schema
// (and KEDA's CRD schema), then the invariants operators rely on (docs/ops/).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { K8S_DIR, KUBECTL_MISSING, type Manifest, modelOf, OVERLAYS, podSpecOf, render } from './render';

const ROOT = path.resolve(K8S_DIR, '..');
const SCALING_DOC = readFileSync(path.join(ROOT, 'docs/ops/scaling.md'), 'utf8');

/**
 * Workers that legitimately stay on fixed replicas although their service declares a queue:
 * the queue holds only what the worker's own timer enqueues, once per interval, so it never
 * grows with load (docs/ops/scaling.md, "Why auth, conversation and billing workers stay at one replica").
 */
const TIMER_ONLY_QUEUES: Record<string, string> = {
  'billing-worker': 'billing-maintenance: one sweep per BILLING_SWEEP_INTERVAL_MS',
};

/** The queues a service runs jobs on, as it declares them for its metrics (`queues:` in runService, services/<name>/src/main.ts). */
function declaresQueues(service: string): boolean {
  const main = readFileSync(path.join(ROOT, 'services', service, 'src/main.ts'), 'utf8');
  return /^\s*queues:\s*\[[^\]]*\S[^\]]*\]/m.test(main);
}

/** docs/ops/scaling.md's "What runs where" table: Deployment (or `<svc>-role` pattern) → its cells. */
function scalingTable(): Map<string, { scalesOn: string; resources: string }> {
  const rows = new Map<string, { scalesOn: string; resources: string }>();
  for (const line of SCALING_DOC.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | Deployment | Scales on | Per replica | Requests → limits |
    if (cells.length !== 6 || !cells[4]?.includes('→')) continue;
    for (const name of cells[1]!.split(','))
      rows.set(name.replace(/`/g, '').trim().split(/\s+/)[0]!, { scalesOn: cells[2]!, resources: cells[4]! });
  }
  return rows;
}

// biome-ignore lint/suspicious/noExplicitAny: a container of a rendered pod template
function envOf(d: Manifest, name: string): any {
  return podSpecOf(d)?.containers[0].env?.find((e: { name: string }) => e.name === name);
}

const SERVICES = ['auth', 'conversation', 'research', 'documents', 'album', 'billing'];

it('says exactly what to install when kubectl is missing', () => {
  expect(() => render('prod', 'kubectl-not-installed-here')).toThrow(KUBECTL_MISSING);
  expect(KUBECTL_MISSING).toMatch(/apt-get install -y kubectl/);
});

describe.each(OVERLAYS)('overlay %s', (overlay) => {
  const objects = render(overlay);
  const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = ofKind('Deployment');

  it('renders the whole product', () => {
    expect(deployments.map((d) => d.metadata.name)).toEqual(
      expect.arrayContaining(['gateway', ...SERVICES.map((s) => `${s}-api`), 'documents-worker', 'documents-relay']),
    );
  });

  it('every object is valid against its schema', async () => {
    const invalid: string[] = [];
    for (const o of objects) {
      const Model = await modelOf(o);
      try {
        new Model(withUnwrappedData(o)).validate();
      } catch (e) {
        invalid.push(`${o.kind}/${o.metadata.name}: ${(e as Error).message.slice(0, 300)}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('every pod runs non-root, read-only, unprivileged, with seccomp and resource limits', () => {
    const problems: string[] = [];
    for (const o of objects) {
      const pod = podSpecOf(o);
      if (!pod) continue;
      const where = `${o.kind}/${o.metadata.name}`;
      if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot`);
      if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault')
        problems.push(`${where}: seccomp RuntimeDefault`);
      for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
        const sc = c.securityContext ?? {};
        if (sc.allowPrivilegeEscalation !== false) problems.push(`${where}/${c.name}: allowPrivilegeEscalation`);
        if (sc.readOnlyRootFilesystem !== true) problems.push(`${where}/${c.name}: readOnlyRootFilesystem`);
        if (!sc.capabilities?.drop?.includes('ALL')) problems.push(`${where}/${c.name}: capabilities drop ALL`);
        for (const k of ['requests', 'limits'] as const)
          for (const r of ['cpu', 'memory']) if (!c.resources?.[k]?.[r]) problems.push(`${where}/${c.name}: ${k}.${r}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every Deployment has startup, liveness and readiness probes, and a grace period longer than its shutdown timeout', () => {
    const problems: string[] = [];
    for (const d of deployments) {
      const pod = podSpecOf(d);
      for (const c of pod.containers) {
        for (const p of ['startupProbe', 'livenessProbe', 'readinessProbe'])
          if (!c[p]) problems.push(`${d.metadata.name}: ${p}`);
        const shutdown = Number(
          c.env?.find((e: { name: string }) => e.name === 'SHUTDOWN_TIMEOUT_MS')?.value ?? 30_000,
        );
        if ((pod.terminationGracePeriodSeconds ?? 30) * 1000 <= shutdown)
          problems.push(
            `${d.metadata.name}: grace ${pod.terminationGracePeriodSeconds}s <= SHUTDOWN_TIMEOUT_MS ${shutdown}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('migrations run in one Job per service, and the Deployments do not migrate on start', () => {
    const jobs = ofKind('Job').filter((j) => j.metadata.labels?.['app.kubernetes.io/component'] === 'migrate');
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual(SERVICES.map((s) => `${s}-migrate`).sort());
    for (const j of jobs) expect(podSpecOf(j).containers[0].env).toContainEqual({ name: 'ROLE', value: 'migrate' });
    const config = ofKind('ConfigMap').find((c) => c.metadata.name.startsWith('gnology-config'));
    expect(config?.data?.MIGRATE_ON_START).toBe('false');
  });

  it('is closed by default: a deny-all policy, ingress opened only to the gateway and the service APIs', () => {
    const policies = ofKind('NetworkPolicy');
    const denyAll = policies.find(
      (p) => Object.keys(p.spec.podSelector ?? {}).length === 0 && !p.spec.ingress && !p.spec.egress,
    );
    expect(denyAll?.spec.policyTypes).toEqual(expect.arrayContaining(['Ingress', 'Egress']));
    const ingressRules = policies.filter((p) => p.spec.ingress?.length);
    const opened = (labels: Record<string, string>) =>
      ingressRules
        .filter((p) => selects(p.spec.podSelector, labels) && !p.spec.ingress.every(fromMonitoringOnly))
        .map((p) => p.metadata.name);
    for (const d of deployments) {
      const labels = d.spec.template.metadata.labels as Record<string, string>;
      const component = labels['app.kubernetes.io/component'];
      if (component === 'api') expect(opened(labels), `${d.metadata.name} receives traffic`).not.toEqual([]);
      else expect(opened(labels), `${d.metadata.name} (${component}) accepts nothing but metrics scrapes`).toEqual([]);
    }
    const gatewayFrom = ingressRules.find((p) => p.metadata.name === 'gateway-from-ingress');
    expect(gatewayFrom?.spec.ingress[0].from[0].namespaceSelector.matchLabels).toEqual({
      'kubernetes.io/metadata.name': 'ingress-nginx',
    });
  });

  it('every Deployment reads METRICS_TOKEN from the Secret, so Prometheus and KEDA can scrape it', () => {
    for (const d of deployments) {
      expect(envOf(d, 'METRICS_TOKEN'), d.metadata.name).toEqual({
        name: 'METRICS_TOKEN',
        valueFrom: { secretKeyRef: { name: expect.stringMatching(/^gnology-secrets/), key: 'METRICS_TOKEN' } },
      });
      expect(
        d.spec.template.metadata.labels['app.kubernetes.io/part-of'],
        `${d.metadata.name}: the PodMonitor's selector`,
      ).toBe('gnology');
    }
  });

  it('commits no Secret values', () => {
    const secrets = ofKind('Secret');
    // Production reads gnology-secrets from the cluster; dev generates throw-away values, and
    // its signing key comes from a local file that git ignores.
    if (overlay === 'prod') expect(secrets).toEqual([]);
    else expect(secrets.map((s) => s.metadata.name)).toEqual([expect.stringMatching(/^gnology-secrets/)]);
    const committed = execFileSync('git', ['ls-files', K8S_DIR], { encoding: 'utf8' });
    expect(committed).not.toMatch(/\.(pem|key)$/m);
  });

  if (overlay === 'prod') {
    it('every worker that runs queue jobs scales on its backlog with KEDA, the others are fixed and explained, and no CPU HPA fights KEDA', () => {
      const scaled = ofKind('ScaledObject');
      const workers = deployments.filter((d) => envOf(d, 'ROLE')?.value === 'worker');
      // Every service's worker role is deployed.
      expect(workers.map((d) => d.spec.template.metadata.labels['app.kubernetes.io/name']).sort()).toEqual(
        [...SERVICES].sort(),
      );
      const scaledTargets = scaled.map((s) => s.spec.scaleTargetRef.name);
      const table = scalingTable();
      const problems: string[] = [];
      for (const w of workers) {
        const name = w.metadata.name;
        const service = w.spec.template.metadata.labels['app.kubernetes.io/name'];
        const onKeda = scaledTargets.includes(name);
        if (declaresQueues(service) && !TIMER_ONLY_QUEUES[name]) {
          const so = scaled.find((s) => s.spec.scaleTargetRef.name === name);
          if (!so) problems.push(`${name}: runs ${service}'s queue jobs but has no ScaledObject`);
          else if (
            !so.spec.triggers.some((t: { metadata: { query?: string } }) =>
              t.metadata.query?.includes(`job_queue_depth{service="${service}"`),
            )
          )
            problems.push(`${name}: its ScaledObject does not follow job_queue_depth{service="${service}"}`);
        } else {
          if (onKeda) problems.push(`${name}: has no growing queue, yet a ScaledObject`);
          // A fixed worker must be listed, and explained, where operators look.
          if (!/^fixed \d/.test(table.get(name)?.scalesOn ?? ''))
            problems.push(`${name}: not listed as fixed in docs/ops/scaling.md's table`);
          if (!SCALING_DOC.includes(`**${name}**`))
            problems.push(`${name}: docs/ops/scaling.md does not say why it stays fixed`);
        }
      }
      expect(problems).toEqual([]);
      for (const s of scaled) {
        expect(workers.map((w) => w.metadata.name)).toContain(s.spec.scaleTargetRef.name);
        expect(s.spec.maxReplicaCount).toBeGreaterThan(s.spec.minReplicaCount ?? 0);
      }
      for (const h of ofKind('HorizontalPodAutoscaler'))
        expect(scaledTargets).not.toContain(h.spec.scaleTargetRef.name);
    });

    it('every request and limit agrees with the table of docs/ops/scaling.md', () => {
      const rows = scalingTable();
      const problems: string[] = [];
      for (const o of objects) {
        const pod = podSpecOf(o);
        if (!pod) continue;
        const component = o.metadata.labels?.['app.kubernetes.io/component'] ?? '';
        const key = [o.metadata.name, `<svc>-${component}`].find((k) => rows.has(k));
        if (!key) {
          problems.push(`${o.kind}/${o.metadata.name}: no row in docs/ops/scaling.md`);
          continue;
        }
        const r = pod.containers[0].resources;
        const expected = `${r.requests.cpu} → ${r.limits.cpu}, ${r.requests.memory} → ${r.limits.memory}`;
        if (rows.get(key)?.resources !== expected)
          problems.push(
            `${o.kind}/${o.metadata.name}: manifests ${expected}, docs/ops/scaling.md (${key}) ${rows.get(key)?.resources}`,
          );
      }
      expect(problems).toEqual([]);
    });

    it("the runbook's kubectl commands name Deployments, Jobs, ScaledObjects, labels and the namespace that the overlay renders", () => {
      const docsDir = path.join(ROOT, 'docs/ops');
      const namespace = deployments[0]?.metadata.namespace;
      const exists = (kind: string, name: string) => objects.some((o) => o.kind === kind && o.metadata.name === name);
      const KIND: Record<string, string> = { deploy: 'Deployment', job: 'Job', scaledobject: 'ScaledObject' };
      const labelSets = objects.flatMap((o) => [
        o.metadata.labels ?? {},
        (podSpecOf(o) ? o.spec.template.metadata.labels : {}) as Record<string, string>,
      ]);
      const problems: string[] = [];
      let checked = 0;
      for (const file of readdirSync(docsDir).filter((f) => f.endsWith('.md'))) {
        for (const line of readFileSync(path.join(docsDir, file), 'utf8').split('\n')) {
          if (!line.includes('kubectl')) continue;
          const command = line.replace(/#.*$/, '');
          const refs = [...command.matchAll(/\b(deploy|job|scaledobject)\/([a-z][a-z0-9-]*)/g)].map(
            (m) => [m[1]!, m[2]!] as const,
          );
          for (const m of command.matchAll(/\bget (deploy|scaledobject) ((?:[a-z][a-z0-9-]*\s*)+)/g))
            for (const n of m[2]!.trim().split(/\s+/)) refs.push([m[1]!, n]);
          for (const [kind, name] of refs) {
            checked++;
            if (!exists(KIND[kind]!, name)) problems.push(`${file}: ${kind} ${name} is not in the rendered overlay`);
          }
          for (const m of command.matchAll(/-n (\S+)/g))
            if (![namespace, 'monitoring', 'default', '"$ns"'].includes(m[1]))
              problems.push(`${file}: namespace ${m[1]}`);
          for (const m of command.matchAll(/ -l ([^\s`)]+)/g)) {
            const wanted = Object.fromEntries(m[1]!.split(',').map((kv) => kv.split('=') as [string, string]));
            checked++;
            if (!labelSets.some((l) => Object.entries(wanted).every(([k, v]) => l[k] === v)))
              problems.push(`${file}: selector ${m[1]} matches nothing`);
          }
          for (const m of command.matchAll(/secret (gnology-[a-z-]+)/g))
            if (m[1] !== 'gnology-secrets') problems.push(`${file}: Secret ${m[1]}`);
        }
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(10);
    });

    it('every image comes from the release registry', () => {
      for (const o of objects)
        for (const c of podSpecOf(o)?.containers ?? [])
          expect(c.image, `${o.kind}/${o.metadata.name}`).toMatch(/^registry\.example\.com\/gnology\/\w+:/);
    });
  }
});

/**
 * kustomize wraps a Secret's base64 at 76 columns; the API server's decoder (Go's base64)
 * skips those line ends, the schema's `byte` format does not.
 */
function withUnwrappedData(o: Manifest): Manifest {
  if (o.kind !== 'Secret' || !o.data) return o;
  return {
    ...o,
    data: Object.fromEntries(
      Object.entries(o.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\s+/g, '')]),
    ),
  };
}

function fromMonitoringOnly(rule: {
  from?: { namespaceSelector?: { matchLabels?: Record<string, string> } }[];
}): boolean {
  return (
    !!rule.from?.length &&
    rule.from.every((f) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring')
  );
}

type Selector = {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
};
function selects(selector: Selector, labels: Record<string, string>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpr = (selector.matchExpressions ?? []).every((e) =>
    e.operator === 'In' ? (e.values ?? []).includes(labels[e.key]) : true,
  );
  return byLabel && byExpr;
}
