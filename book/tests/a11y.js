// node a11y.js DEPS_DIR HTML_DIR BASELINE
// The accessibility gate (ctest book/a11y, label book), as Quarto runs one: axe-core (pinned in
// book/search/package-lock.json beside MiniSearch and playwright-core) on every page of HTML_DIR
// in headless Chromium (Debian's), at 1280 and 375 px, light and dark, with every run control
// opened (运行 / 改参数) and, on the contents and the first chapter's page, the search box showing
// hits (openEverything). Every violation fails unless BASELINE
// names it (book/tests/a11y-baseline.txt: rule, element, why); a baseline line no violation
// matches fails too, so the list only shrinks. Before the book it checks
// book/tests/a11y/self-check.html and fails unless axe finds its two planted faults.
// BOOK_CHECK_CHAPTERS="NN-slug ..." (the template test's) checks only those chapters' pages, the
// contents and 勘误与变更 (book/tests/page_filter.py; set but empty, or naming what is no
// chapter's page, it fails before Chromium starts); a baseline line is then not judged unused,
// since the pages its violation is on may not have been loaded.
// Every page and the self-check are checked on every run: no verdict is kept between runs.
// A browser_check.js check: its loads in the tabs of its pool.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { check, fresh, show, POLL_MS } = require('./browser_check.js');

const WIDTHS = [1280, 375];
const SCHEMES = ['light', 'dark'];
const DEADLINE_S = 420; // a hang's message before ctest's TIMEOUT (450), not a timing check:
// how near a run comes to a third of the TIMEOUT is scripts/test --load-check's to measure
const SELF_CHECK = path.join(__dirname, 'a11y', 'self-check.html');

// Opens every run control, so axe sees them too, and on the pages of SEARCHED shows the search's
// hits: the contents (the box at the top of <main>) and the first chapter's page (the box in the
// sidebar). The hit list is one component, the same on every page of a layout.
async function openEverything(page, searched) {
  await page.evaluate(() => document.querySelectorAll('.run-open').forEach((b) => b.click()));
  const box = await page.$('input[type="search"]');
  if (searched && box && await box.isVisible()) {
    await box.fill('平衡点');
    // Until the list shows this query's hits (search.js runs it 80 ms after the last key), not a
    // fixed wait, which on a busy machine let axe see the page before the list.
    await page.waitForFunction(() => {
      const list = document.getElementById('book-search-results');
      return list && !list.hidden && list.dataset.query === '平衡点';
    }, null, { timeout: 20000, polling: POLL_MS });
  }
}

async function run(io) {
  const [htmlArg, baselineArg] = io.args;
  if (!baselineArg) {
    io.err('usage: node a11y.js DEPS_DIR HTML_DIR BASELINE');
    return 2;
  }
  const htmlDir = io.path(htmlArg);
  const baselinePath = io.path(baselineArg);
  // The pages to check (every page unless BOOK_CHECK_CHAPTERS narrows them): page_filter.py's list,
  // its line saying what it narrowed (or why it refuses) passed on.
  const narrowed = 'BOOK_CHECK_CHAPTERS' in io.env;
  let pages;
  try {
    const filter = await io.python([path.join(__dirname, 'page_filter.py'), 'book/a11y', htmlDir]);
    if (filter.status !== 0) {
      io.out(`FAIL: book/tests/page_filter.py: ${filter.status == null ? filter.error : `exit ${filter.status}`}`);
      return 1;
    }
    pages = filter.stdout.split('\n').filter((l) => l);
  } catch (e) {
    io.out(`FAIL: book/tests/page_filter.py: ${e.message}`);
    return 1;
  }
  const AXE = path.join(io.deps, 'node_modules', 'axe-core', 'axe.min.js');
  const SEARCHED = new Set(['index.html', ...pages.filter((name) => /^\d/.test(name)).slice(0, 1)]);

  const baseline = fs.readFileSync(baselinePath, 'utf8').split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [rule, target] = l.split('--')[0].trim().split(/\s+/);
      return { line: l.trim(), rule, target: new RegExp(target), used: 0 };
    });

  // Every load is made in one tab of the pool (browser_check.js):
  // a browser context per load cost a renderer of its own each time (measure_pages.js says how
  // much). Before each load the tab's storage is cleared (the contents' toggle is kept in
  // localStorage) and it goes to about:blank, so a load of the page just checked is a fresh load,
  // not a reload that restores its scroll and its search box.
  const tabs = await io.tabs();
  let tab = null;

  // The violations on one page at one width, for each colour scheme: one load, the schemes
  // switched in place (emulateMedia), so the page's run controls and search are opened once.
  async function violations(file, width, schemes) {
    tab = tab || await tabs.take();
    const page = tab.page;
    await fresh(tab);
    await page.setViewportSize({ width, height: 900 });
    await show(tab, schemes[0]);
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    await openEverything(page, SEARCHED.has(path.basename(file)));
    await page.addScriptTag({ path: AXE });
    const found = {};
    for (const scheme of schemes) {
      await show(tab, scheme);
      found[scheme] = await page.evaluate(async () => {
        const r = await window.axe.run(document, { resultTypes: ['violations'] });
        const out = r.violations.flatMap((v) => v.nodes.map((n) => ({ rule: v.id, impact: v.impact, target: n.target.join(' '),
          why: (n.failureSummary || '').split('\n').slice(1).join(' ').trim().slice(0, 200) })));
        // axe leaves it to best practice; the book keeps it: one <h1> per page, its title.
        const h1 = document.querySelectorAll('h1');
        if (h1.length !== 1) out.push({ rule: 'one-h1', impact: 'moderate', target: 'h1', why: `${h1.length} <h1> elements: ${[...h1].map((h) => h.textContent.trim()).join(' | ')}` });
        return out;
      });
    }
    return found;
  }

  const failures = [];
  let checked = 0, kept = 0;
  try {
    const planted = (await violations(SELF_CHECK, 1280, ['light'])).light;
    for (const rule of ['image-alt', 'color-contrast']) {
      if (!planted.some((v) => v.rule === rule)) failures.push(`self-check: axe did not find the planted ${rule} (found ${JSON.stringify(planted)})`);
    }
    for (const name of pages) {
      for (const width of WIDTHS) {
        const found = await violations(path.join(htmlDir, name), width, SCHEMES);
        for (const scheme of SCHEMES) {
          checked++;
          for (const v of found[scheme]) {
            const known = baseline.find((b) => b.rule === v.rule && b.target.test(v.target));
            if (known) { known.used++; kept++; continue; }
            failures.push(`${name} at ${width} px ${scheme}: ${v.rule} (${v.impact}) on ${v.target}: ${v.why}`);
          }
        }
      }
    }
  } finally {
    if (tab) tabs.give(tab);
  }
  if (!narrowed) for (const b of baseline) if (!b.used) failures.push(`${baselinePath}: no violation matches "${b.line}": remove it (the list only shrinks)`);
  const unique = [...new Set(failures)];
  for (const f of unique.slice(0, 40)) io.out(`FAIL: ${f}`);
  if (unique.length) {
    io.out(`${unique.length} failure(s); rerun: bash book/search/tests/run.sh ../../tests/a11y.js ${htmlDir} ${baselinePath}`);
    return 1;
  }
  io.out(`axe-core on ${pages.length} pages${narrowed ? ' (BOOK_CHECK_CHAPTERS: not every page)' : ''} × ${WIDTHS.length * SCHEMES.length} views (${checked} checks in ${pages.length * WIDTHS.length} loads, run controls opened, the search on ${[...SEARCHED].join(" and ")}): ` +
         `no violation but the ${kept} the baseline names (and the self-check's two planted faults found)`);
  return 0;
}

module.exports = check(module, run, DEADLINE_S);
