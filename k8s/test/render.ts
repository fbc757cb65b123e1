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
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any;
  data?: any;
  stringData?: any;
};

/**
 * What to do without kubectl. The manifest checks are the one part of `npm test` that needs a
 * tool besides Node and npm; this workplace's machine image provides it (the Debian package
 * `kubectl` from Google's apt repository, packages.cloud.google.com, not Debian's archive).
 */
export const KUBECTL_MISSING = [
  'kubectl is not installed (not on the PATH): the manifest checks in k8s/test render the overlays with `kubectl kustomize`.',
  "Install the Debian package `kubectl` (1.27 or later) from Kubernetes' apt repository, as root:",
  '  mkdir -p /etc/apt/keyrings',
  '  curl -fsSL https://pkgs.k8s.io/core:/stable:/v1.32/deb/Release.key | gpg --dearmor -o /etc/apt/keyrings/kubernetes-apt-keyring.gpg',
  "  echo 'deb [signed-by=/etc/apt/keyrings/kubernetes-apt-keyring.gpg] https://pkgs.k8s.io/core:/stable:/v1.32/deb/ /' > /etc/apt/sources.list.d/kubernetes.list",
  '  apt-get update && apt-get install -y kubectl',
  "(The machine image installs the same package from Google's repository, packages.cloud.google.com; any kubectl binary on the PATH will do.)",
].join('\n');

/**
 * An overlay as the cluster would receive it: `kubectl kustomize` (kustomize built into kubectl,
 * the same renderer `kubectl apply -k` uses). kubectl comes with the machine; a missing one is
 * an error that says so rather than a skipped check.
 */
export function render(overlay: string, kubectl = 'kubectl'): Manifest[] {
  // A copy, so the dev overlay's local signing key (never committed) can be made for the render.
  const copy = mkdtempSync(path.join(tmpdir(), 'gn-k8s-'));
  let out: string;
  try {
    cpSync(K8S_DIR, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}test`) });
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(path.join(copy, 'overlays/dev/jwt-private.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    out = execFileSync(kubectl, ['kustomize', path.join(copy, 'overlays', overlay)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === 'ENOENT') throw new Error(KUBECTL_MISSING);
    throw new Error(`kubectl kustomize ${overlay} failed: ${err.stderr ?? err.message}`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  return parseAllDocuments(out)
    .map((d) => d.toJSON() as Manifest)
    .filter(Boolean);
}

/** The schema class of an object: kubernetes-models for Kubernetes' own kinds, @kubernetes-models/keda for KEDA's CRDs. */
export async function modelOf(m: Manifest): Promise<new (data: unknown) => { validate(): void }> {
  const [group, version] = m.apiVersion.includes('/') ? m.apiVersion.split('/') : ['', m.apiVersion];
  const spec =
    group === 'keda.sh'
      ? `@kubernetes-models/keda/keda.sh/${version}/${m.kind}`
      : group
        ? `kubernetes-models/${group}/${version}/${m.kind}`
        : `kubernetes-models/${version}/${m.kind}`;
  const mod = (await import(spec)) as Record<string, new (data: unknown) => { validate(): void }>;
  const cls = mod[m.kind];
  if (!cls) throw new Error(`no schema for ${m.apiVersion} ${m.kind}`);
  return cls;
}

// biome-ignore lint/suspicious/noExplicitAny: pod templates of Deployments and Jobs
export function podSpecOf(m: Manifest): any | undefined {
  return m.kind === 'Deployment' || m.kind === 'Job' ? m.spec?.template?.spec : undefined;
}
