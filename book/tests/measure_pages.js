// node measure_pages.js DEPS_DIR < JOB.json > RESULTS.json
// Loads many pages in ONE headless Chromium (Debian's, $CHROMIUM or
// /usr/bin/chromium, driven by playwright-core from DEPS_DIR as the search's
// tests do) and runs a measuring function on each after it has loaded: one
// browser start for the whole book instead of one per page and width.
//   JOB      {"measure": "<JS function source, returns JSON-able data>",
//             "loads": [{"url": "file:///...", "width": 375, "height": 900,
//                        "dark": false, "shot": "/tmp/x.png" or null, "group": null,
//                        "args": {...} or absent: the measuring function's argument,
//                        "inject": ["node_modules/axe-core/axe.min.js"] or absent: scripts under
//                        DEPS_DIR added to the page before it is measured, once per page load}, ...],
//             "tabs": 2, "deadline": 200}
//   RESULTS  one entry per load, in the JOB's order: {"report": ...} or {"error": "..."}
// A load's screenshot ("shot") shows the viewport after the measuring function ran, or only
// the part the function's report names as "clip" ({x, y, width, height}, in the viewport).
// `tabs` tabs (one browser context, browser_check.js's tabPool) take the loads one after another
// from a shared queue, each setting its viewport and colour scheme (emulateMedia) to
// the load's and then navigating: every load is a fresh page load at its width (the
// tab's storage cleared and the tab at about:blank first; a file changed since the
// tab's last load is read again). A context per viewport cost a renderer of its own
// per width: one page at ten widths took 12.5 CPU s that way, 4.6 this way. Loads
// that name the same "group" (with the same URL) are ONE page load instead, its
// viewport resized to each load's size in turn (as a reader's window is), its resize
// handlers run, and its colour scheme switched to each load's in place (as a reader's
// system switching to dark does: a load of page 02 costs 0.35-0.85 CPU s), then measured.
// Exit 1 (on stderr) when the browser does not start or the whole job passes
// `deadline` seconds.
'use strict';
const fs = require('fs');
const path = require('path');

const [depsDir, ...extra] = process.argv.slice(2);
if (!depsDir || extra.length) {
  console.error('usage: node measure_pages.js DEPS_DIR < JOB.json');
  process.exit(2);
}
const { launch, tabPool, fresh, show } = require('./browser_check.js');

// runJob(job, pool): the job's RESULTS, its loads made in tabs from `pool` (browser_check.js).
async function runJob(job, pool) {
  const results = new Array(job.loads.length);
  // The queue: one group of loads per page load: the loads with the same "group" and URL, in
  // the JOB's order; a load without a group alone.
  const groups = [];
  const groupOf = new Map();
  job.loads.forEach((load, i) => {
    const key = load.group == null ? null : JSON.stringify([load.group, load.url]);
    if (key !== null && groupOf.has(key)) groupOf.get(key).push(i);
    else { const group = [i]; groups.push(group); if (key !== null) groupOf.set(key, group); }
  });
  let next = 0;
  const worker = async () => {
    let tab = null;
    try {
      while (next < groups.length) {
        let loaded = false; // the group's page is loaded in the tab
        let injected = new Set(); // the scripts added to it ("inject")
        const group = groups[next++];
        for (const i of group) {
          const load = job.loads[i];
          try {
            if (!tab) tab = await pool.take();
            const page = tab.page;
            if (!loaded) await fresh(tab);
            await show(tab, load.dark ? 'dark' : 'light');  // before the load, or in place within the group
            const size = page.viewportSize();
            if (!size || size.width !== load.width || size.height !== load.height) {
              await page.setViewportSize({ width: load.width, height: load.height });
            }
            if (!loaded) {
              await page.goto(load.url, { waitUntil: 'load', timeout: 30000 });
              loaded = true;
              injected = new Set();
            } else {  // resized: the page's resize handlers run at once (a tab behind another gets
              // its animation frames, and with them the resize event, once a second)
              await page.evaluate(() => window.dispatchEvent(new Event('resize')));
            }
            for (const script of load.inject || []) {
              if (injected.has(script)) continue;
              await page.addScriptTag({ path: path.join(depsDir, script) });
              injected.add(script);
            }
            const report = await page.evaluate(`(${job.measure})(${JSON.stringify(load.args === undefined ? null : load.args)})`);
            results[i] = { report };
            if (load.shot) await page.screenshot({ path: load.shot, ...(report && report.clip ? { clip: report.clip } : {}) });
          } catch (e) {
            results[i] = { error: String(e.message || e).split('\n')[0] };
            loaded = false;
            if (tab) { pool.drop(tab); tab = null; }  // its state unknown: a new tab next
          }
        }
      }
    } finally {
      if (tab) pool.give(tab);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, job.tabs || 1) }, worker));
  return results;
}

async function main() {
  const job = JSON.parse(fs.readFileSync(0, 'utf8'));
  const deadline = setTimeout(() => {
    console.error(`measure_pages: still running after ${job.deadline} s (${job.loads.length} loads)`);
    process.exit(1);
  }, job.deadline * 1000);
  const browser = await launch(depsDir);
  let results;
  try {
    results = await runJob(job, tabPool(async () => browser));
  } finally {
    clearTimeout(deadline);
    await browser.close();
  }
  process.stdout.write(JSON.stringify(results));
}

main().catch((e) => {
  console.error(`measure_pages: ${e.stack || e}`);
  process.exit(1);
});
