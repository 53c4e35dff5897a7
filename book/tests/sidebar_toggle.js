// node sidebar_toggle.js DEPS_DIR HTML_DIR
// ☰ 目录 as a reader uses it (ctest book/sidebar, label book), in headless Chromium (Debian's,
// driven by playwright-core from DEPS_DIR, as the search's tests do):
//   - at 1100, 1280, 1600, 1920 and 2560 px, scrolled deep into a chapter, a click on ☰ 目录
//     hides the contents (over 1280 px; below, opens them over the page, and Esc closes them)
//     and a second shows them again, and the line under the reader, a third down the window,
//     stays within 20 px of where it was, though the page's text moves beside the contents;
//   - at 1280 px the next page opens with the contents still hidden, and a click there shows
//     them again, remembered too;
//   - at 375 px, scrolled deep, a click opens the contents over the page where the reader is
//     (visible under the top bar, scrollY unchanged), Esc closes them, a link in them closes them;
//     the keyboard reaches the toggle with Tab and opens it with Space, again without scrolling;
//   - the button is a 44 × 44 px touch target at both widths;
//   - 本章内容 is left out beside the contents (they list the same sections) and folded on a phone;
//   - a number bound to its source has a dotted underline, a tap shows the source, and none is a
//     tab stop.
// On the wide check's last page it plants the old fault (the checkbox placed at the top of the
// page, where focusing it scrolls) and fails unless the scroll check sees it. It drives the
// pages on every run: no verdict is kept between runs.
// A browser_check.js check, in browser contexts of its own: its toggle writes localStorage,
// which the pool's tabs (one context) would all see.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { check } = require('./browser_check.js');

const DEADLINE_S = 165; // a hang's message before ctest's TIMEOUT (180), not a timing check:
// how near a run comes to a third of the TIMEOUT is scripts/test --load-check's to measure

const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const state = (page) => page.evaluate(() => {
  const nav = document.getElementById('sidebar');
  const r = nav.getBoundingClientRect();
  const b = document.querySelector('.sidebar-button').getBoundingClientRect();
  return { y: Math.round(window.scrollY), shown: getComputedStyle(nav).display !== 'none',
           navTop: r.top, navBottom: r.bottom, inner: window.innerHeight,
           button: [Math.round(b.width), Math.round(b.height)] };
});
// Scrolls to `y` (or as far as the page goes) and returns where it is.
const scrollTo = async (page, y) => {
  await page.evaluate((to) => window.scrollTo(0, to), y);
  await settle(page);
  return (await state(page)).y;
};

// The line under the reader: the first character of main's text a third down the window, kept
// in the page (window.__line) so that where it went can be read after a press; its top in px.
const markLine = (page) => page.evaluate(() => {
  const main = document.querySelector('main').getBoundingClientRect();
  for (let y = window.innerHeight / 3; y < window.innerHeight; y += 8) {
    for (let x = main.left + 8; x < main.right; x += 40) {
      const c = document.caretRangeFromPoint(x, y);
      const node = c && c.startContainer;
      if (!node || node.nodeType !== Node.TEXT_NODE || !node.data.trim() || !node.parentElement.closest('main')) continue;
      const r = document.createRange();
      const at = Math.min(c.startOffset, node.data.length - 1);
      r.setStart(node, at);
      r.setEnd(node, at + 1);
      window.__line = r;
      return { top: r.getBoundingClientRect().top, text: node.data.slice(at, at + 20) };
    }
  }
  return null;
});
const lineTop = (page) => page.evaluate(() => window.__line.getBoundingClientRect().top);

// At each wide WIDTH, scrolled deep: ☰ 目录 hides the contents, then shows them again, and the
// line under the reader stays within LINE_KEPT px of where it was (the text reflows beside them).
const LINE_KEPT = 20;
async function keepsLine(t, page) {
  for (const width of [1100, 1280, 1600, 1920, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    await scrollTo(page, 5000);
    for (const what of ['hiding', 'showing']) {
      const line = await markLine(page);
      if (!line) { t.check(false, `${t.pages[0]} at ${width} px: no text a third down the window`); break; }
      await page.click('.sidebar-button');
      await settle(page);
      if (width < 1280) await page.keyboard.press('Escape');  // the contents open over the page; closed again
      const top = await lineTop(page);
      t.check(Math.abs(top - line.top) <= LINE_KEPT, `${t.pages[0]} at ${width} px: ${what} the contents moved the line ` +
              `under the reader ("${line.text}") by ${Math.round(top - line.top)} px (from ${Math.round(line.top)} to ${Math.round(top)}), over ${LINE_KEPT}`);
      if (width < 1280) break;
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// At WIDTH px: the button is a touch target; scrolled deep into the page, the button is pressed
// (clicked or tapped); returns where the page was and the state after.
async function scrollDeepAndPress(t, page, width, press) {
  let s = await state(page);
  t.check(s.button[0] >= 44 && s.button[1] >= 44, `${t.pages[0]} at ${width} px: ☰ 目录 is ${s.button.join(' × ')} px, under a 44 × 44 px touch target`);
  const y = await scrollTo(page, 5000);
  t.check(y > 1000, `${t.pages[0]} at ${width} px: could not scroll deep into the page (scrollY ${y})`);
  await press('.sidebar-button');
  await settle(page);
  s = await state(page);
  return { y, s };
}

async function wide(t, ctx) {
  const page = await ctx.newPage();
  await page.goto(t.url(t.pages[0]), { waitUntil: 'load' });
  let s = await state(page);
  t.check(s.shown, `${t.pages[0]} at 1280 px: the contents are not shown on a fresh load`);
  const tocShown = () => page.evaluate(() => { const t = document.getElementById('TOC'); return !!t && getComputedStyle(t).display !== 'none'; });
  t.check(!(await tocShown()), `${t.pages[0]} at 1280 px: 本章内容 repeats the sections the contents beside it list`);
  await keepsLine(t, page);
  const pressed = await scrollDeepAndPress(t, page, 1280, (sel) => page.click(sel));
  s = pressed.s;
  t.check(!s.shown, `${t.pages[0]} at 1280 px: ☰ 目录 did not hide the contents`);
  t.check(await tocShown(), `${t.pages[0]} at 1280 px: with the contents hidden, 本章内容 is not shown either`);
  // The section being read is marked in the contents: scroll to the last section's heading.
  const marked = await page.evaluate(async () => {
    const listed = new Set([...document.querySelectorAll('#sidebar a[href^="#"]')].map((a) => a.getAttribute('href').slice(1)));
    const heads = [...document.querySelectorAll('main h2[id]')].filter((h) => listed.has(h.id));
    const last = heads[heads.length - 1];
    last.scrollIntoView();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const here = [...document.querySelectorAll('#sidebar a[aria-current="location"]')];
    return { want: '#' + last.id, got: here.map((a) => a.getAttribute('href')) };
  });
  t.check(marked.got.length === 1 && marked.got[0] === marked.want,
        `${t.pages[0]} at 1280 px: scrolled to ${marked.want}, the contents mark ${JSON.stringify(marked.got)} as the section being read`);
  // The bar's links say where they go: 目录 to the index's contents, next and previous by title.
  const bar = await page.evaluate(() => {
    const nav = document.querySelector('div.nav');
    const a = (sel) => nav.querySelector(sel);
    return { contents: a('a.contents') && a('a.contents').getAttribute('href'),
             next: a('a[rel="next"]') && [a('a[rel="next"]').textContent, a('a[rel="next"]').getAttribute('href')] };
  });
  t.check(bar.contents === 'index.html#目录', `${t.pages[0]}: the bar's 目录 link goes to ${bar.contents}, not index.html#目录`);
  // The next page's own title, read from that page: the one opened next below when it is that
  // page (a load saved), else a tab of its own.
  const pageTitle = (tab) => tab.evaluate(() => ((document.querySelector('h1.title') || {}).textContent || '').trim());
  const nextTitle = (title) => t.check(title && bar.next[0].includes(title),
    `${t.pages[0]}: the bar's next link reads "${bar.next[0]}", not the next page's title "${title}"`);
  const nextUrl = bar.next && decodeURI(new URL(bar.next[1], t.url(t.pages[0])).href);
  if (bar.next && nextUrl !== decodeURI(t.url(t.pages[1]))) {
    const probe = await page.context().newPage();  // closed with the context
    await probe.goto(new URL(bar.next[1], t.url(t.pages[0])).href, { waitUntil: 'load' });
    nextTitle(await pageTitle(probe));
    await probe.close();
  }
  await page.goto(t.url(t.pages[1]), { waitUntil: 'load' });
  if (bar.next && nextUrl === decodeURI(t.url(t.pages[1]))) nextTitle(await pageTitle(page));
  s = await state(page);
  t.check(!s.shown, `${t.pages[1]} at 1280 px: the contents hidden on ${t.pages[0]} are shown again on the next page`);
  await page.click('.sidebar-button');
  await settle(page);
  await page.goto(t.url(t.pages[0]), { waitUntil: 'load' });
  s = await state(page);
  t.check(s.shown, `${t.pages[0]} at 1280 px: the contents shown again on ${t.pages[1]} stay hidden on the next page`);
  return page;
}

async function narrow(t) {
  const ctx = await t.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2,
                                         isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await page.goto(t.url(t.pages[0]), { waitUntil: 'load' });
  let s = await state(page);
  t.check(!s.shown, `${t.pages[0]} at 375 px: the contents are open on a fresh load`);
  const tocOpen = await page.evaluate(() => { const d = document.querySelector('details.page-toc'); return d ? d.open : null; });
  t.check(tocOpen === false, `${t.pages[0]} at 375 px: 本章内容 is ${tocOpen === null ? 'missing' : 'unfolded, filling the first screen'}`);
  const pressed = await scrollDeepAndPress(t, page, 375, (sel) => page.tap(sel));
  const y = pressed.y;
  s = pressed.s;
  t.check(s.shown, `${t.pages[0]} at 375 px: ☰ 目录 did not open the contents`);
  t.check(s.y === y, `${t.pages[0]} at 375 px: opening the contents moved the page from scrollY ${y} to ${s.y}`);
  t.check(s.shown && s.navTop >= 0 && s.navTop < 80 && s.navBottom > s.navTop + 200 && s.navBottom <= s.inner + 1,
        `${t.pages[0]} at 375 px: the open contents are not on screen under the top bar (top ${s.navTop}, bottom ${s.navBottom}, window ${s.inner})`);
  await page.keyboard.press('Escape');
  await settle(page);
  s = await state(page);
  t.check(!s.shown && s.y === y, `${t.pages[0]} at 375 px: Esc did not close the contents where the reader was (shown ${s.shown}, scrollY ${s.y})`);
  // A number bound to its source: a dotted underline says so, a tap shows the source.
  const bound = await page.evaluate(() => {
    const b = document.querySelector('span.bound[title]');
    if (!b) return null;
    b.scrollIntoView({ block: 'center' });
    return { style: getComputedStyle(b).textDecorationStyle, title: b.getAttribute('title') };
  });
  if (bound) {
    t.check(bound.style === 'dotted', `${t.pages[0]} at 375 px: a bound number has no visible cue (text-decoration ${bound.style})`);
    const stops = await page.evaluate(() => [...document.querySelectorAll('span.bound')].filter((b) => b.tabIndex >= 0).length);
    t.check(stops === 0, `${t.pages[0]}: ${stops} bound numbers are tab stops, between the keyboard and every link`);
    await page.tap('span.bound[title] >> nth=0');
    const shown = await page.evaluate(() => {
      const b = document.querySelector('span.bound[title]');
      const after = getComputedStyle(b, '::after');
      const r = { content: after.content, position: after.position };
      return r;
    });
    t.check(shown.content.includes(bound.title.slice(0, 20)) && shown.position === 'fixed',
          `${t.pages[0]} at 375 px: a tap on a bound number does not show its source (${JSON.stringify(shown)})`);
    await page.keyboard.press('Escape');
  }
  // The keyboard, on a fresh load scrolled as deep: the first Tab shows the skip link where the
  // reader is, the second reaches the toggle, Space opens it.
  await page.goto(t.url(t.pages[0]), { waitUntil: 'load' });
  await scrollTo(page, y);
  const focused = async () => page.evaluate(() => document.activeElement &&
    (document.activeElement.id || document.activeElement.className || document.activeElement.tagName));
  await page.keyboard.press('Tab');
  let f = await focused();
  s = await state(page);
  const skip = await page.evaluate(() => { const r = document.querySelector('.skip-link').getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight]; });
  t.check(f === 'skip-link' && skip[0] >= 0 && skip[1] <= skip[2] && s.y === y,
        `${t.pages[0]} at 375 px: the first Tab focuses ${f}, not a visible 跳到正文 link where the reader is (its box ${skip.map(Math.round)}, scrollY ${y} -> ${s.y})`);
  await page.keyboard.press('Tab');
  f = await focused();
  t.check(f === 'sidebar-toggle', `${t.pages[0]} at 375 px: the second Tab focuses ${f || 'nothing'}, not ☰ 目录`);
  await page.keyboard.press('Space');
  await settle(page);
  s = await state(page);
  t.check(s.shown && s.y === y, `${t.pages[0]} at 375 px: Space on ☰ 目录 did not open the contents in place (shown ${s.shown}, scrollY ${y} -> ${s.y})`);
  // A section link in the open contents takes the reader there, on the same page, and closes them.
  const section = await page.evaluate(() => {
    const links = [...document.querySelectorAll('#sidebar a[href^="#"]')];
    return links.length ? links[links.length - 1].getAttribute('href') : null;
  });
  t.check(section, `${t.pages[0]}: the contents list none of the page's own sections`);
  if (section) {
    await page.tap(`#sidebar a[href="${section}"]`);
    await settle(page);
    s = await state(page);
    t.check(!s.shown, `${t.pages[0]} at 375 px: the contents are still open after following ${section} in them`);
  }
  await ctx.close();
}

// The planted fault: the checkbox back at the top of the page (as before this test), where
// focusing it on a click of its label scrolls there. The scroll check must see the jump. On the
// page the wide check ends on, the longest, with the contents shown (a load of its own cost a
// CPU second at 36 chapters; a context of its own, a renderer more).
async function selfCheck(t, page) {
  await page.addStyleTag({ content: '.topbar { position: static !important; } ' +
                                    '.sidebar-toggle { position: absolute !important; top: 0 !important; }' });
  const y = await scrollTo(page, 5000);
  await page.click('.sidebar-button');
  await settle(page);
  const s = await state(page);
  t.check(s.y !== y, `self-check: with the checkbox planted at the page's top, a click left scrollY at ${y}: the scroll check cannot see a jump`);
}

async function run(io) {
  const [htmlArg] = io.args;
  if (!htmlArg || io.args.length > 1) {
    io.err('usage: node sidebar_toggle.js DEPS_DIR HTML_DIR');
    return 2;
  }
  const htmlDir = io.path(htmlArg);
  let failures = 0;
  // The chapter pages, longest first: the scroll checks need a page much taller than the window.
  const pages = fs.readdirSync(htmlDir).filter((f) => /^\d.*\.html$/.test(f))
    .sort((a, b) => fs.statSync(path.join(htmlDir, b)).size - fs.statSync(path.join(htmlDir, a)).size);
  if (pages.length < 2) {
    io.out(`FAIL: fewer than two chapter pages in ${htmlDir}`);
    return 1;
  }
  const t = {
    pages,
    url: (name) => pathToFileURL(path.join(htmlDir, name)).href,
    check: (ok, what) => {
      if (!ok) {
        failures++;
        io.out(`FAIL: ${what}`);
      }
    },
  };

  const browser = await io.browser();
  t.newContext = (options) => browser.newContext(options);
  const wideContext = await t.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await selfCheck(t, await wide(t, wideContext));
  await wideContext.close();
  await narrow(t);
  if (failures) {
    io.out(`${failures} failure(s); rerun: bash book/search/tests/run.sh ../../tests/sidebar_toggle.js ${htmlDir}`);
    return 1;
  }
  io.out(`☰ 目录 on ${pages[0]} and ${pages[1]} at 375 to 2560 px: the line under the reader stays where it was, ` +
         'the wide-screen choice is remembered, Esc, Tab + Space and a link work, 44 px targets ' +
         '(and the planted jump was seen)');
  return 0;
}

module.exports = check(module, run, DEADLINE_S);
