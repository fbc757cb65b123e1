// The guard that stops a broker whose starter died without calling stop().

/** How long a broker has to stop after SIGTERM before it gets SIGKILL. */
export const STOP_GRACE_MS = 10_000;

// Run as `node -e GUARD_SOURCE <broker pid> [temporary data dir]` with stdin piped from the process
// that started the broker: when that pipe closes (its owner exited or was killed), SIGTERM the
// broker, SIGKILL it after 10 s, then remove the temporary data dir (stop() closes the pipe only
// after it has done all that itself).
export const GUARD_SOURCE = `
const pid = Number(process.argv[1]);
const dir = process.argv[2];
const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
const done = () => {
  if (dir) { try { require('node:fs').rmSync(dir, { recursive: true, force: true }); } catch {} }
  process.exit(0);
};
process.stdin.on('error', () => {});
process.stdin.resume();
process.stdin.on('close', () => {
  if (!alive()) done();
  try { process.kill(pid, 'SIGTERM'); } catch {}
  const deadline = Date.now() + ${STOP_GRACE_MS};
  setInterval(() => {
    if (!alive()) done();
    else if (Date.now() > deadline) { try { process.kill(pid, 'SIGKILL'); } catch {} setTimeout(done, 500); }
  }, 200);
});
`;
