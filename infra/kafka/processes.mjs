// Small helpers for child processes and their output.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function run(cmd, args, opts) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('error', (error) => resolve({ code: null, output, error }));
    child.once('close', (code) => resolve({ code, output }));
  });
}

export function safeRead(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

export function tail(text, n) {
  return text.split('\n').slice(-n).join('\n');
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}
