// Every overlay rendered and checked offline: each object against the Kubernetes OpenAPI schema
// (and KEDA's CRD schema), then the invariants operators rely on (docs/ops/).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { K8S_DIR, type Manifest, modelOf, OVERLAYS, podSpecOf, render } from './render';

const SERVICES = ['auth', 'conversation', 'research', 'documents', 'album', 'billing'];

describe.each(OVERLAYS)('overlay %s', (overlay) => {
  const objects = render(overlay);
  const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = ofKind('Deployment');

  it('renders the whole product', () => {
    expect(deployments.map((d) => d.metadata.name)).toEqual(expect.arrayContaining(['gateway', ...SERVICES.map((s) => `${s}-api`), 'documents-worker', 'documents-relay']));
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
      if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${where}: seccomp RuntimeDefault`);
      for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
        const sc = c.securityContext ?? {};
        if (sc.allowPrivilegeEscalation !== false) problems.push(`${where}/${c.name}: allowPrivilegeEscalation`);
        if (sc.readOnlyRootFilesystem !== true) problems.push(`${where}/${c.name}: readOnlyRootFilesystem`);
        if (!sc.capabilities?.drop?.includes('ALL')) problems.push(`${where}/${c.name}: capabilities drop ALL`);
        for (const k of ['requests', 'limits'] as const) for (const r of ['cpu', 'memory']) if (!c.resources?.[k]?.[r]) problems.push(`${where}/${c.name}: ${k}.${r}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every Deployment has startup, liveness and readiness probes, and a grace period longer than its shutdown timeout', () => {
    const problems: string[] = [];
    for (const d of deployments) {
      const pod = podSpecOf(d);
      for (const c of pod.containers) {
        for (const p of ['startupProbe', 'livenessProbe', 'readinessProbe']) if (!c[p]) problems.push(`${d.metadata.name}: ${p}`);
        const shutdown = Number(c.env?.find((e: { name: string }) => e.name === 'SHUTDOWN_TIMEOUT_MS')?.value ?? 30_000);
        if ((pod.terminationGracePeriodSeconds ?? 30) * 1000 <= shutdown) problems.push(`${d.metadata.name}: grace ${pod.terminationGracePeriodSeconds}s <= SHUTDOWN_TIMEOUT_MS ${shutdown}`);
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
    const denyAll = policies.find((p) => Object.keys(p.spec.podSelector ?? {}).length === 0 && !p.spec.ingress && !p.spec.egress);
    expect(denyAll?.spec.policyTypes).toEqual(expect.arrayContaining(['Ingress', 'Egress']));
    const ingressRules = policies.filter((p) => p.spec.ingress?.length);
    const opened = (labels: Record<string, string>) =>
      ingressRules.filter((p) => selects(p.spec.podSelector, labels) && !p.spec.ingress.every(fromMonitoringOnly)).map((p) => p.metadata.name);
    for (const d of deployments) {
      const labels = d.spec.template.metadata.labels as Record<string, string>;
      const component = labels['app.kubernetes.io/component'];
      if (component === 'api') expect(opened(labels), `${d.metadata.name} receives traffic`).not.toEqual([]);
      else expect(opened(labels), `${d.metadata.name} (${component}) accepts nothing but metrics scrapes`).toEqual([]);
    }
    const gatewayFrom = ingressRules.find((p) => p.metadata.name === 'gateway-from-ingress');
    expect(gatewayFrom?.spec.ingress[0].from[0].namespaceSelector.matchLabels).toEqual({ 'kubernetes.io/metadata.name': 'ingress-nginx' });
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
    it('every worker kind scales on its queue backlog with KEDA, and no CPU HPA fights it', () => {
      const scaled = ofKind('ScaledObject');
      const workers = deployments.filter((d) => d.metadata.name.endsWith('-worker')).map((d) => d.metadata.name);
      expect(scaled.map((s) => s.spec.scaleTargetRef.name).sort()).toEqual(expect.arrayContaining(['documents-worker', 'research-worker', 'album-worker']));
      for (const s of scaled) {
        expect(workers).toContain(s.spec.scaleTargetRef.name);
        expect(s.spec.triggers[0].metadata.query).toMatch(/job_queue_depth\{service="\w+"/);
        expect(s.spec.maxReplicaCount).toBeGreaterThan(s.spec.minReplicaCount ?? 0);
      }
      for (const h of ofKind('HorizontalPodAutoscaler')) expect(workers).not.toContain(h.spec.scaleTargetRef.name);
    });

    it('every image comes from the release registry', () => {
      for (const o of objects) for (const c of podSpecOf(o)?.containers ?? []) expect(c.image, `${o.kind}/${o.metadata.name}`).toMatch(/^registry\.example\.com\/gnology\/\w+:/);
    });
  }
});

/**
 * kustomize wraps a Secret's base64 at 76 columns; the API server's decoder (Go's base64)
 * skips those line ends, the schema's `byte` format does not.
 */
function withUnwrappedData(o: Manifest): Manifest {
  if (o.kind !== 'Secret' || !o.data) return o;
  return { ...o, data: Object.fromEntries(Object.entries(o.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\s+/g, '')])) };
}

function fromMonitoringOnly(rule: { from?: { namespaceSelector?: { matchLabels?: Record<string, string> } }[] }): boolean {
  return !!rule.from?.length && rule.from.every((f) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring');
}

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] };
function selects(selector: Selector, labels: Record<string, string>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpr = (selector.matchExpressions ?? []).every((e) => (e.operator === 'In' ? (e.values ?? []).includes(labels[e.key]) : true));
  return byLabel && byExpr;
}

