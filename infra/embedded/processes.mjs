// Small process helpers of the embedded launcher: is a pid alive, what is it running, stop it
// and wait until it is gone. Linux (and any /proc system) tells what a pid runs; elsewhere a
// process we cannot identify is left alone.
import { readFileSync } from 'node:fs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function alive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else (still alive).
    return e.code === 'EPERM';
  }
}

/** The command line of a live process, as one string; '' when it cannot be read. */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/**
 * Sends `signal`, waits up to `graceMs` for the process to go, then SIGKILL and a short wait.
 * Resolves true once it is gone.
 */
export async function terminate(pid, { signal = 'SIGTERM', graceMs = 10_000 } = {}) {
  const send = (s) => {
    try {
      process.kill(pid, s);
    } catch {}
  };
  if (!alive(pid)) return true;
  send(signal);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await sleep(100);
  }
  send('SIGKILL');
  for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
  return !alive(pid);
}
