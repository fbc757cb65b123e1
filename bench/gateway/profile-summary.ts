// Sums a V8 CPU profile (`node --cpu-prof`) by self time: per module group and per function.
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The group a function belongs to: a package, our own code, or Node's internals by area. */
function groupOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  const internal = url.match(/^node:internal\/([^/]+(?:\/[^/.]+)?)/);
  if (internal) return `node:${internal[1]}`;
  if (url.startsWith('node:')) return url;
  const own = url.match(/\/(gateway\/src|shared\/platform\/src|bench\/gateway)\//);
  return own ? own[1]! : url;
}

/**
 * `lastSeconds`: only the samples of the profile's last seconds (the load, not the start-up);
 * `requests`: the requests served in them, for a column of µs per request.
 */
export function summariseProfile(
  profile: CpuProfile,
  { top = 40, lastSeconds = Number.POSITIVE_INFINITY, requests = 0 } = {},
): string {
  const at: number[] = [];
  let t = 0;
  for (const d of profile.timeDeltas) {
    t += d;
    at.push(t);
  }
  const from = t - lastSeconds * 1e6;
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++)
    if (at[i]! >= from)
      self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const t = self.get(node.id) ?? 0;
    if (!t) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += t;
      continue;
    }
    total += t;
    const group = groupOf(url, functionName);
    byGroup.set(group, (byGroup.get(group) ?? 0) + t);
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(gateway|shared|bench)\//, '$1/')}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + t);
  }
  const perRequest = (t: number) => (requests ? `${(t / requests).toFixed(2).padStart(7)} µs  ` : '');
  const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${perRequest(t)}`;
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `${pct(t)}  ${k}`)
      .join('\n');
  return [
    `busy ${(total / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s${requests ? `, ${requests} requests, ${(total / requests).toFixed(1)} µs busy per request` : ''}`,
    '--- self time by group',
    rows(byGroup),
    '--- self time by function',
    rows(byFunction),
  ].join('\n');
}
