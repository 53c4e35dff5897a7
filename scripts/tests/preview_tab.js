// node preview_tab.js DEPS_DIR URL FILE.md MARK
// For scripts/tests/preview_test.py: an open browser tab follows the preview.
// Headless Chromium (Debian's, through playwright-core from DEPS_DIR) opens URL,
// then this script adds the sentence MARK to FILE.md (after its first paragraph
// break) and waits, at most 60 s, for the same tab to show it without being
// told to reload. Exit 0 when it does; the tab must have loaded again by itself.
'use strict';
const fs = require('fs');
const path = require('path');

const [depsDir, url, md, mark] = process.argv.slice(2);
if (!mark) {
  console.error('usage: node preview_tab.js DEPS_DIR URL FILE.md MARK');
  process.exit(2);
}
const { chromium } = require(path.join(path.resolve(depsDir), 'node_modules', 'playwright-core'));

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    let loads = 0;
    const secondLoad = new Promise((resolve) => page.on('load', () => { if (++loads >= 2) resolve(); }));
    await page.goto(url);
    const text = fs.readFileSync(md, 'utf8');
    const at = text.indexOf('\n\n');
    fs.writeFileSync(md, text.slice(0, at) + '\n\n' + mark + '。' + text.slice(at));
    const start = Date.now();
    await page.waitForFunction((m) => document.body && document.body.innerText.includes(m), mark, { timeout: 60000 });
    // The reloaded page shows its text once parsed, before its own load event (its stylesheets,
    // fonts and figures still coming): wait for that event, a few seconds at most.
    await Promise.race([secondLoad, new Promise((resolve) => setTimeout(resolve, 10000).unref())]);
    if (loads < 2) throw new Error(`the tab shows the sentence but loaded ${loads} time(s)`);
    console.log(`preview_tab: the open tab reloaded by itself and shows the sentence after ${((Date.now() - start) / 1000).toFixed(1)} s`);
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error(`preview_tab: FAILED: ${e.message || e}`);
  process.exit(1);
});
