// A model of KEDA + the HPA draining an OCR backlog, driven by measured inputs (docs/ops/scaling.md):
//   npx tsx bench/ops/keda-backlog.mts [pages=5000] [pagesPerMinPerReplica=115] [coldStartS=12]
// The loop follows k8s/overlays/prod/scaled-workers.yaml: KEDA polls the metric every 15 s,
// desired = ceil(backlog / threshold) within [min, max]; the HPA's scale-up policy (+200 % per
// 15 s) and scale-down policy (100 % a minute after a 300 s stabilisation window) limit the
// steps; a new pod works after the cold start. One second per step.
const PAGES = Number(process.argv[2] ?? 5000);
const RATE = Number(process.argv[3] ?? 115); // pages per minute per replica (2 OCR workers, 2 CPUs)
const COLD_S = Number(process.argv[4] ?? 12);
const MIN = 1;
const MAX = 10;
const THRESHOLD = 2; // jobs per replica (OCR concurrency)
const POLL_S = 15;
const UP_PERCENT = 200;
const DOWN_WINDOW_S = 300;
const DOWN_PERCENT_PER_MIN = 100;

let backlog = PAGES;
let done = 0;
const pods: { readyAt: number }[] = Array.from({ length: MIN }, () => ({ readyAt: 0 }));
let drainedAt: number | undefined;
let backAtMinAt: number | undefined;
let peak = MIN;
const recommendations: { t: number; desired: number }[] = [];
let lastDown = -Infinity;

for (let t = 0; t < 3600; t++) {
  if (t % POLL_S === 0) {
    // job_queue_depth counts waiting and running jobs alike.
    const depth = backlog + Math.min(backlog, pods.length * THRESHOLD);
    const desired = Math.max(MIN, Math.min(MAX, Math.ceil(depth / THRESHOLD)));
    recommendations.push({ t, desired });
    if (desired > pods.length) {
      const allowed = Math.min(desired, Math.ceil(pods.length * (1 + UP_PERCENT / 100)), MAX);
      while (pods.length < allowed) pods.push({ readyAt: t + COLD_S });
    } else if (desired < pods.length && t - lastDown >= 60) {
      // The HPA scales down to the highest recommendation of the stabilisation window.
      const windowMax = Math.max(...recommendations.filter((r) => r.t > t - DOWN_WINDOW_S).map((r) => r.desired));
      const target = Math.max(windowMax, Math.floor(pods.length * (1 - DOWN_PERCENT_PER_MIN / 100)), MIN);
      if (target < pods.length) {
        pods.length = target;
        lastDown = t;
      }
    }
    peak = Math.max(peak, pods.length);
  }
  const working = pods.filter((p) => p.readyAt <= t).length;
  const work = Math.min(backlog, (working * RATE) / 60);
  backlog -= work;
  done += work;
  if (backlog <= 0.001 && drainedAt === undefined) drainedAt = t;
  if (drainedAt !== undefined && pods.length === MIN && backAtMinAt === undefined) backAtMinAt = t;
  if (backAtMinAt !== undefined) break;
}

const fmt = (s?: number) => (s === undefined ? 'never (within 1 h)' : `${Math.floor(s / 60)} min ${s % 60} s`);
console.log(`backlog ${PAGES} pages, ${RATE} pages/min per replica, cold start ${COLD_S} s, replicas ${MIN}..${MAX}`);
console.log(`drained after ${fmt(drainedAt)} (peak ${peak} replicas; ${Math.round(done)} pages)`);
console.log(
  `back to ${MIN} replica(s) ${fmt(backAtMinAt === undefined || drainedAt === undefined ? undefined : backAtMinAt - drainedAt)} after the backlog drained`,
);
console.log(`floor at ${MAX} replicas from the start: ${((PAGES / (MAX * RATE)) * 60).toFixed(0)} s`);
