import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const K8S_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OVERLAYS = ['dev', 'prod'] as const;

// biome-ignore lint/suspicious/noExplicitAny: manifests are checked field by field against their schema
export type Manifest = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: any; data?: any; stringData?: any };

/**
 * An overlay as the cluster would receive it: `kubectl kustomize` (kustomize built into kubectl,
 * the same renderer `kubectl apply -k` uses). kubectl comes with the machine; a missing one is
 * an error that says so rather than a skipped check.
 */
export function render(overlay: string): Manifest[] {
  // A copy, so the dev overlay's local signing key (never committed) can be made for the render.
  const copy = mkdtempSync(path.join(tmpdir(), 'gn-k8s-'));
  let out: string;
  try {
    cpSync(K8S_DIR, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}test`) });
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(path.join(copy, 'overlays/dev/jwt-private.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    out = execFileSync('kubectl', ['kustomize', path.join(copy, 'overlays', overlay)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === 'ENOENT') throw new Error('kubectl is not installed: the manifest checks render the overlays with `kubectl kustomize`');
    throw new Error(`kubectl kustomize ${overlay} failed: ${err.stderr ?? err.message}`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  return parseAllDocuments(out).map((d) => d.toJSON() as Manifest).filter(Boolean);
}

/** The schema class of an object: kubernetes-models for Kubernetes' own kinds, @kubernetes-models/keda for KEDA's CRDs. */
export async function modelOf(m: Manifest): Promise<new (data: unknown) => { validate(): void }> {
  const [group, version] = m.apiVersion.includes('/') ? m.apiVersion.split('/') : ['', m.apiVersion];
  const spec = group === 'keda.sh' ? `@kubernetes-models/keda/keda.sh/${version}/${m.kind}` : group ? `kubernetes-models/${group}/${version}/${m.kind}` : `kubernetes-models/${version}/${m.kind}`;
  const mod = (await import(spec)) as Record<string, new (data: unknown) => { validate(): void }>;
  const cls = mod[m.kind];
  if (!cls) throw new Error(`no schema for ${m.apiVersion} ${m.kind}`);
  return cls;
}

// biome-ignore lint/suspicious/noExplicitAny: pod templates of Deployments and Jobs
export function podSpecOf(m: Manifest): any | undefined {
  return m.kind === 'Deployment' || m.kind === 'Job' ? m.spec?.template?.spec : undefined;
}
