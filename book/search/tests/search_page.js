// node search_page.js DEPS_DIR HTML_DIR [SCREENSHOT_DIR]
// The search box as a reader uses it (ctest book/search, label book): headless
// Chromium (Debian's /usr/bin/chromium, driven by playwright-core from DEPS_DIR)
// opens HTML_DIR/index.html from file://, enters each query of QUERIES into the
// box (TYPED key by key, the others pasted), and checks the list it shows against the pages' own text:
//   - the sections whose title or text contains the query literally (read from
//     the rendered pages by sections.py) are all found, and the first hit is one
//     of them; a query no page contains finds nothing and says so;
//   - the first hit is on the page QUERIES names, and every hit names its chapter
//     and section and links to a heading that exists;
//   - every page loads the box (its two lines), and it shows on the first, a chapter's and
//     the last page; a hit's link opens the page at the heading; Enter right after typing
//     opens the typed query's first hit (not the one of the list shown before), and an Enter
//     that ends an IME composition opens nothing;
//   - at 375 px the box and the list fit the screen; in dark mode the text keeps
//     its contrast (WCAG AA, 4.5:1).
// With SCREENSHOT_DIR it also writes PNGs to look at (1280/375 px, light/dark).
// A browser_check.js check: its wide-screen loads in the tabs of its pool.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { check: browserCheck, fresh, show, POLL_MS } = require('../../tests/browser_check.js');

const DEADLINE_S = 100; // a hang's message before ctest's TIMEOUT

// query -> the page its first hit must be on; undefined: any page (the text decides);
// null: the query must find nothing. Pages rather than sections, so that rewording a
// heading does not break the test; the sections themselves are checked against the text.
const QUERIES = {
  '平衡点': undefined, // every chapter uses it
  '带宽': undefined,
  '融合': '28-op-ledger.html',
  '算存比': '36-head-roofline.html',
  'head 数': '36-head-roofline.html',
  op_ledger: '28-op-ledger.html',
  '--profile': undefined,
  GEMM: undefined,
  FlashMLA: '36-head-roofline.html',
  'kv-len': undefined, // a flag typed without its dashes
  'fma-per-cycle': '36-head-roofline.html',
  '量子纠缠': null,
  xylophone: null,
};

// The queries typed key by key, as a reader types them: a word in Chinese and a flag with its dash.
// The others are pasted (one input event): the same search after the same wait, where a frame
// drawn for each key of all thirteen cost about 2 CPU s at 36 chapters.
const TYPED = new Set(['平衡点', 'kv-len']);

async function search(page, query) {
  const input = page.locator('#book-search-input');
  await input.fill('');
  if (TYPED.has(query)) await input.pressSequentially(query, { delay: 5 });
  else await input.fill(query);
  await page.waitForFunction((q) => {
    const r = document.getElementById('book-search-results');
    return r && !r.hidden && r.dataset.query === q;
  }, query, { timeout: 10000, polling: POLL_MS });
  return page.evaluate(() => {
    const r = document.getElementById('book-search-results');
    const count = r.querySelector('.book-search-count');
    return {
      count: count ? Number((count.textContent.match(/找到 (\d+) 处/) || [])[1]) : 0,
      empty: r.querySelector('.book-search-empty') ? r.querySelector('.book-search-empty').textContent : null,
      hits: Array.from(r.querySelectorAll('a.book-search-hit')).map((a) => ({
        href: a.getAttribute('href'),
        chapter: (a.querySelector('.book-search-chapter') || {}).textContent || '',
        section: (a.querySelector('.book-search-section') || {}).textContent || '',
        snippet: (a.querySelector('.book-search-snippet') || {}).textContent || '',
      })),
    };
  });
}

// Relative luminance and contrast ratio of two CSS rgb() colours (WCAG 2).
function luminance(rgb) {
  const [r, g, b] = rgb.match(/[\d.]+/g).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// A wide-screen tab of the pool (browser_check.js), fresh, at 1280 × 900 px, light.
async function wideTab(tabs) {
  const tab = await tabs.take();
  await fresh(tab);
  await tab.page.setViewportSize({ width: 1280, height: 900 });
  await show(tab, 'light');
  return tab;
}

async function run(io) {
  const [htmlArg, shotArg] = io.args;
  if (!htmlArg) {
    io.err('usage: node search_page.js DEPS_DIR HTML_DIR [SCREENSHOT_DIR]');
    return 2;
  }
  const htmlDir = io.path(htmlArg);
  const shotDir = shotArg && io.path(shotArg);
  let failures = 0;
  function check(ok, what) {
    if (!ok) {
      failures++;
      io.err(`search_page: FAILED: ${what}`);
    }
    return ok;
  }
  // The sections that contain the query as written (case-insensitive), by href.
  const sections = await io.python([path.join(__dirname, '..', 'sections.py'), htmlDir]);
  if (sections.status !== 0) {
    io.out(`FAIL: book/search/sections.py: exit ${sections.status} ${sections.error || ''}`);
    return 1;
  }
  const docs = JSON.parse(sections.stdout);
  function literal(query) {
    const q = query.toLowerCase();
    return new Set(docs.filter((d) => (d.section + ' ' + d.text).toLowerCase().includes(q)).map((d) => d.href));
  }

  const index = path.join(htmlDir, 'index.html');
  check(fs.existsSync(index), `${index} exists`);
  const browser = await io.browser();
  const tabs = await io.tabs();
  const tab = await wideTab(tabs);
  const page = tab.page;
  const errors = [];
  const onError = (e) => errors.push(String(e));
  page.on('pageerror', onError);
  try {
    await page.goto(pathToFileURL(index).href);
    check((await page.locator('#book-search-input').count()) === 1, 'index.html has the search box');

    // Wide screen: the box is in sight, and in the sidebar when the page shows one.
    const wide = await page.evaluate(() => {
      const box = document.querySelector('.book-search');
      const r = box.getBoundingClientRect();
      const slot = document.querySelector('[data-search-slot], nav.sidebar, #sidebar, aside nav');
      const slotShown = !!slot && getComputedStyle(slot).display !== 'none' && slot.getClientRects().length > 0;
      return { left: r.left, right: r.right, top: r.top, height: r.height, width: innerWidth,
        slotShown, inSlot: !!slot && slot.contains(box) };
    });
    check(wide.height > 0 && wide.left >= 0 && wide.right <= wide.width && wide.top >= 0 && wide.top < 400,
      `1280 px: the search box is not in sight at the top: ${JSON.stringify(wide)}`);
    check(wide.inSlot === wide.slotShown, `1280 px: the box belongs in the shown sidebar: ${JSON.stringify(wide)}`);

    // Every page carries the box: it loads the box's stylesheet and script (render.sh's
    // head.html and after-body.html, read here), and the box shows up in Chromium on the
    // first page (above), the last page (here) and the chapter a hit opens (below): loading
    // all, 0.35 s a page, was a third of this test's time at 36 chapters, for the same two
    // lines on every page, and a chapter loaded here as well as there cost a load more.
    const pages = fs.readdirSync(htmlDir).filter((f) => f.endsWith('.html')).sort();
    const includes = ['head.html', 'after-body.html'].map((f) => fs.readFileSync(path.join(__dirname, '..', f), 'utf8').trim());
    for (const file of pages) {
      const text = fs.readFileSync(path.join(htmlDir, file), 'utf8');
      for (const line of includes) check(text.includes(line), `${file} loads the search box: it lacks ${line}`);
    }
    const last = pages.filter((f) => f !== 'index.html').pop();
    if (check(last !== undefined, `${htmlDir} has no page but index.html`)) {
      const other = await wideTab(tabs);
      await other.page.goto(pathToFileURL(path.join(htmlDir, last)).href);
      check((await other.page.locator('#book-search-input').count()) === 1, `${last} has the search box`);
      tabs.give(other);
    }

    for (const [query, firstPage] of Object.entries(QUERIES)) {
      const want = literal(query);
      const got = await search(page, query);
      const hrefs = got.hits.map((h) => h.href);
      const label = `query ${JSON.stringify(query)}`;
      if (firstPage === null) {
        check(want.size === 0, `${label}: the test expects no page to contain it, but ${[...want].join(', ')} do`);
        check(got.hits.length === 0 && got.empty && got.empty.includes(query),
          `${label}: must find nothing and say so; got ${JSON.stringify(got)}`);
        continue;
      }
      io.out(`${label}: ${got.count} hits, ${want.size} sections contain it; first: ${hrefs[0] || '-'}`);
      if (want.size === 0) {
        // The book does not use it (yet): then nothing may be found either.
        check(got.hits.length === 0, `${label}: no section contains it, yet it found ${hrefs.join(', ')}`);
        continue;
      }
      if (!check(got.hits.length > 0, `${label}: found nothing; ${[...want].join(', ')} contain it`)) continue;
      check(want.has(hrefs[0]), `${label}: the first hit ${hrefs[0]} does not contain it (these do: ${[...want].join(', ')})`);
      check(got.count >= want.size, `${label}: ${got.count} hits, but ${want.size} sections contain it`);
      const shown = want.size <= got.hits.length ? [...want].filter((h) => !hrefs.includes(h)) : [];
      check(shown.length === 0, `${label}: not among the hits: ${shown.join(', ')}`);
      if (firstPage) check(hrefs[0].split('#')[0] === firstPage, `${label}: the first hit is ${hrefs[0]}, not on ${firstPage}`);
      for (const h of got.hits) {
        check(!/☰|跳到正文/.test(h.snippet + h.chapter), `${label}: hit ${h.href} shows the page's chrome: ${h.chapter} ${h.snippet}`);
        check(h.chapter.length > 0, `${label}: hit ${h.href} names no chapter`);
        check(h.href.includes('#') ? h.section.length > 0 : true, `${label}: hit ${h.href} names no section`);
      }
      check(got.hits[0].snippet.toLowerCase().includes(query.toLowerCase()) || got.hits[0].section.toLowerCase().includes(query.toLowerCase()) || got.hits[0].chapter.includes(query),
        `${label}: the first hit shows no text with it: ${JSON.stringify(got.hits[0])}`);
    }

    // Every hit of a query links to a heading that exists, and the link opens it. Clicked in the
    // front tab: a click waits for its target to hold still over two animation frames.
    await page.bringToFront();
    const sample = await search(page, '平衡点');
    for (const h of sample.hits) {
      const [file, anchor] = h.href.split('#');
      const text = fs.readFileSync(path.join(htmlDir, file), 'utf8');
      if (anchor) check(text.includes(`id="${anchor}"`), `hit ${h.href}: no element with that id in ${file}`);
    }
    // Past ten hits the list says so and shows them all on request.
    const many = await search(page, 'GEMM');
    if (many.count > 10) {
      check(many.hits.length === 10, `GEMM: ${many.count} hits, ${many.hits.length} shown before asking for more`);
      await page.locator('.book-search-more').click();
      const shownAll = await page.locator('a.book-search-hit').count();
      check(shownAll === many.count, `GEMM: 显示全部 shows ${shownAll} of ${many.count} hits`);
    } else {
      check(false, `GEMM finds ${many.count} hits: the test needs a query with more than 10 to check 显示全部`);
    }
    // Enter right after typing opens the first hit of what is typed, not of the list still shown
    // for the query before it; an Enter that ends an IME composition opens nothing.
    const typedFirst = (await search(page, '算存比')).hits[0].href;
    if (check(typedFirst && typedFirst !== sample.hits[0].href, `算存比 and 平衡点 need different first hits for the Enter check (${typedFirst})`)) {
      await search(page, '平衡点');
      const input = page.locator('#book-search-input');
      await input.evaluate((el) => el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true })));
      await page.waitForTimeout(300);
      if (!check(decodeURIComponent(page.url()).endsWith('index.html'), `an Enter that ends an IME composition opened ${page.url()}`)) {
        await page.goto(pathToFileURL(index).href);
      }
      await input.fill('算存比');
      await input.press('Enter');
      await page.waitForURL((u) => !u.href.endsWith('index.html'), { timeout: 10000 });
      check(decodeURIComponent(page.url()).endsWith(typedFirst),
            `Enter right after typing 算存比 opened ${decodeURIComponent(page.url())}, not its first hit ${typedFirst}`);
      await page.goto(pathToFileURL(index).href);
    }
    await search(page, '平衡点');
    await page.locator('a.book-search-hit').first().click();
    await page.waitForURL((u) => u.href.includes(encodeURI(sample.hits[0].href).split('#')[0]), { timeout: 10000 });
    check(decodeURIComponent(page.url()).endsWith(sample.hits[0].href), `clicking the first hit opens ${sample.hits[0].href} (at ${page.url()})`);
    // The page it opened marks the query where it stands, in sight.
    await page.waitForLoadState('load');
    const landing = await page.waitForFunction(() => {
      const m = document.querySelector('mark.book-search-landing');
      if (!m) return null;
      const r = m.getBoundingClientRect();
      return { text: m.textContent, visible: r.top >= 0 && r.bottom <= window.innerHeight };
    }, null, { timeout: 5000, polling: POLL_MS }).then((h) => h.jsonValue(), () => null);
    check(landing && landing.text === '平衡点' && landing.visible,
          `the page a hit opened marks 平衡点 where it stands, in sight: ${JSON.stringify(landing)}`);
    const opened = sample.hits[0].href.split('#')[0];
    check((await page.locator('#book-search-input').count()) === 1, `${opened}, the chapter a hit opened, has the search box`);
    if (shotDir) await page.screenshot({ path: path.join(shotDir, 'search-1280-after-click.png') });
    check(errors.length === 0, `no script error on the page: ${errors.join('; ')}`);

    // A phone, light and dark: the box and the list fit; text keeps its contrast. One load and
    // one search, the colour scheme switched in place (emulateMedia), as a phone switching to
    // dark does: the book's dark mode is CSS alone (no script reads the scheme), and a context
    // and load of its own for dark cost as much again.
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, colorScheme: 'light',
      deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    await p.goto(pathToFileURL(index).href);
    const found = await search(p, '平衡点');
    check(found.hits.length > 0, '375 px: 平衡点 finds something');
    for (const scheme of found.hits.length ? ['light', 'dark'] : []) {
      await p.emulateMedia({ colorScheme: scheme });
      check(await p.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, scheme),
        `375 px: the page does not see the ${scheme} colour scheme`);
      const boxes = await p.evaluate(() => {
        const rect = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width }; };
        const style = (e) => getComputedStyle(e);
        const input = document.getElementById('book-search-input');
        const results = document.getElementById('book-search-results');
        const hit = results.querySelector('.book-search-hit');
        const bg = (e) => { // the first opaque background at or above e
          for (let x = e; x; x = x.parentElement) {
            const c = style(x).backgroundColor;
            if (!/rgba\(.*, 0\)$/.test(c) && c !== 'transparent') return c;
          }
          return 'rgb(255, 255, 255)';
        };
        return {
          viewport: document.documentElement.clientWidth,
          input: rect(input), results: rect(results),
          hits: Array.from(results.querySelectorAll('.book-search-hit, .book-search-snippet, .book-search-section'))
            .map((e) => ({ ...rect(e), scroll: e.scrollWidth - e.clientWidth })),
          resultsScroll: results.scrollWidth - results.clientWidth,
          colors: [
            ['input', style(input).color, bg(input)],
            ['section', style(hit.querySelector('.book-search-section')).color, bg(hit)],
            ['snippet', style(hit.querySelector('.book-search-snippet')).color, bg(hit)],
            ['chapter', style(hit.querySelector('.book-search-chapter')).color, bg(hit)],
          ],
        };
      });
      const fits = (r, what) => check(r.left >= 0 && r.right <= boxes.viewport + 0.5 && r.width > 0,
        `375 px ${scheme}: ${what} spans ${r.left.toFixed(1)}..${r.right.toFixed(1)}, outside 0..${boxes.viewport}`);
      fits(boxes.input, 'the search box');
      check(boxes.input.width >= 200, `375 px ${scheme}: the search box is only ${boxes.input.width} px wide`);
      fits(boxes.results, 'the result list');
      check(boxes.resultsScroll <= 0, `375 px ${scheme}: the result list scrolls sideways by ${boxes.resultsScroll} px`);
      boxes.hits.forEach((r, i) => fits(r, `result element ${i}`));
      for (const [what, fg, bgc] of boxes.colors) {
        const ratio = contrast(fg, bgc);
        check(ratio >= 4.5, `375 px ${scheme}: ${what} text ${fg} on ${bgc} has contrast ${ratio.toFixed(2)} < 4.5`);
      }
      if (shotDir) await p.screenshot({ path: path.join(shotDir, `search-375-${scheme}.png`) });
    }
    await phone.close();
    if (shotDir) {
      for (const scheme of ['light', 'dark']) {
        const wide = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
        const p = await wide.newPage();
        await p.goto(pathToFileURL(index).href);
        await search(p, 'GEMM');
        await p.screenshot({ path: path.join(shotDir, `search-1280-${scheme}.png`) });
        await wide.close();
      }
    }
  } finally {
    page.off('pageerror', onError);
  }
  tabs.give(tab);
  if (failures) {
    io.err(`search_page: ${failures} check(s) failed`);
    return 1;
  }
  io.out(`search_page: ok (${Object.keys(QUERIES).length} queries, 375 px light and dark)`);
  return 0;
}

module.exports = browserCheck(module, run, DEADLINE_S);
