import { execFileSync } from 'node:child_process';

/** Reads files of a fetched bare mirror (…/repo) at a pinned commit, with git. */
export class Mirror {
  constructor(
    readonly gitDir: string,
    readonly commit: string,
  ) {
    const has = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '-t', commit], { encoding: 'utf8' }).trim();
    if (has !== 'commit') throw new Error(`${gitDir} has no commit ${commit}`);
  }

  show(file: string): string {
    return execFileSync('git', ['--git-dir', this.gitDir, 'show', `${this.commit}:${file}`], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  }

  list(prefix: string): string[] {
    const out = execFileSync('git', ['--git-dir', this.gitDir, 'ls-tree', '-r', '--name-only', this.commit, prefix], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return out.split('\n').filter(Boolean);
  }
}

/** The mirror path from argv (the git dir `fetch` returned, …/owner+name/repo). */
export function mirrorArg(usage: string): string {
  const arg = process.argv[2];
  if (!arg) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return arg;
}
