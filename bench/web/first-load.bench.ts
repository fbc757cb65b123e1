// Bytes a first visitor's browser transfers per page (issue 13): the built product on a fresh
// database, each page opened in a fresh Chromium context (empty cache), every response counted as
// the network carried it (headers and compressed body, from the DevTools protocol). The e2e
// harness needs vitest's runtime, so this runs as a one-file vitest project of its own:
//   NODE_ENV=production node scripts/build.mjs
//   source /work/infra-shared/env.sh && NODE_ENV=test npx vitest run -c bench/web/vitest.config.ts
import { it } from 'vitest';
import { openBrowser, type Stack, startStack } from '../../web/e2e/harness';
import { firstLoad, totalBytes } from '../../web/e2e/transfer';

const PAGES = ['/login', '/register', '/', '/pricing', '/faq', '/tutorial', '/about-gene'];
const kb = (n: number) => (n / 1024).toFixed(1);

it('measures the first load of each public page', async () => {
  let stack: Stack | undefined;
  const browser = await openBrowser();
  try {
    stack = await startStack();
    const lines = [
      '| page | requests | transferred KB | scripts KB | styles KB | fonts KB | largest response |',
      '|---|---|---|---|---|---|---|',
    ];
    for (const page of PAGES) {
      const transfers = await firstLoad(browser, stack.url + page);
      const of = (re: RegExp) => kb(totalBytes(transfers.filter((t) => re.test(new URL(t.url).pathname))));
      const largest = transfers.reduce((a, b) => (b.bytes > a.bytes ? b : a));
      const name = `${new URL(largest.url).pathname.split('/').pop()} ${kb(largest.bytes)} KB ${largest.encoding ?? 'identity'}`;
      lines.push(
        `| ${page} | ${transfers.length} | ${kb(totalBytes(transfers))} | ${of(/\.js$/)} | ${of(/\.css$/)} | ${of(/\.woff2?$/)} | ${name} |`,
      );
    }
    console.log(lines.join('\n'));
  } finally {
    await browser.close();
    await stack?.stop();
  }
});
