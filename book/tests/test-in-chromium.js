// node test-in-chromium.js REPO_ROOT PAGE.html...
// The run control in the real renderer: one headless Chromium (/usr/bin/chromium,
// driven over the DevTools protocol on a pipe, never a TCP port another local user
// could reach) opens each rendered chapter page from
// file:// in a tab of its own, one after the other, and for a sample of its
// golden blocks (every RUN_TEST_SAMPLE-th, default 4, and the first figure) clicks "运行 / 改参数" then 运行, and compares what the
// page shows with the golden file the block names (data-source): stdout byte
// for byte, or the SVG that --plot wrote. Then a bad flag must show exit
// status 2 and one line on stderr, and "回到书中的输出" must bring the book's
// output back. The first figure's result is never cut at its right edge: run
// without --plot at 1280 px (a table wider than the figure) and with a bad
// flag at 375 px. Every case of the chapter's cases.list that reads a profile
// (--profile) runs in the page too (yaml-cpp in wasm, the sample file the page
// carries), and, where its output does not name the file, once more with the
// profile pasted into the page's box (--profile my-machine.yaml).
// Exit status 1 on any difference, with what differed (each line names its page).
// It prints when Chromium was ready and each page's load and runs took.
// No run passes --version: its output is the commit, not a golden file's (wasm/version/programs
// checks it).
'use strict';
const {spawn} = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [repoRoot, ...pages] = process.argv.slice(2);
const sample = Number(process.env.RUN_TEST_SAMPLE || 4);
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-in-page-'));
// The DevTools protocol on fds 3 (to Chromium) and 4 (from it), each message ended by a NUL byte.
const browser = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--no-first-run', '--remote-debugging-pipe', '--user-data-dir=' + profileDir, 'about:blank'],
  {stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe']});
browser.on('error', (err) => {  // not started at all (no such program): no exit follows
  console.log(`FAIL: could not start ${chromium}: ${err.message}`);
  fs.rmSync(profileDir, {recursive: true, force: true});
  process.exit(1);
});
let browserLog = '';
browser.stderr.on('data', (chunk) => { browserLog = (browserLog + chunk).slice(-2000); });
const exited = new Promise((resolve) => browser.once('exit', resolve));
// Chromium is asked to close (Browser.close), as a reader's would: killed, it leaves its singleton
// folder (org.chromium.Chromium.*) in the temporary folder. Only one that has not gone within
// CLOSE_S is killed. Chromium writes into its profile folder until it has exited: removed after.
const CLOSE_S = 10;
let finishing = false;
function finish(status) {
  if (finishing) return;
  finishing = true;
  clearTimeout(timer);
  const kill = setTimeout(() => browser.kill('SIGKILL'), CLOSE_S * 1000);
  exited.then(() => {
    clearTimeout(kill);
    try {
      fs.rmSync(profileDir, {recursive: true, force: true, maxRetries: 5});
    } catch (err) {  // a file Chromium's last child wrote meanwhile: the verdict stands, say so
      console.log(`note: could not remove ${profileDir}: ${err.code}`);
    }
    process.exit(status);
  });
  if (browser.exitCode === null && browser.signalCode === null) {
    browser.stdio[3].write(JSON.stringify({id: 0, method: 'Browser.close'}) + '\0', () => {});
  }
}
// A hang's message, just inside ctest's TIMEOUT (150 + 90 s a page, common/wasm/Wasm.cmake; the
// render comes first): about 5 s a page on a quiet machine, and how near a run comes to a third of
// the TIMEOUT is scripts/test --load-check's to measure, not this timer's.
const budget = 60 + 80 * pages.length;
const timer = setTimeout(() => {
  console.log(`FAIL: the test did not finish within ${budget} s`);
  finish(1);
}, budget * 1000);

// The DevTools protocol: send(method, params, sessionId) -> result. A tab's load
// event resolves the function loadListeners holds for its session.
const loadListeners = new Map();
function connect() {
  let nextId = 1;
  const pending = new Map();
  const toBrowser = browser.stdio[3];
  toBrowser.on('error', () => {});  // Chromium gone: its exit fails what is pending
  const handle = (message) => {
    if (message.id && pending.has(message.id)) {
      const {resolve, reject} = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(JSON.stringify(message.error))); else resolve(message.result);
    } else if (message.method === 'Page.loadEventFired' && loadListeners.has(message.sessionId)) {
      loadListeners.get(message.sessionId)();
      loadListeners.delete(message.sessionId);
    }
  };
  let received = Buffer.alloc(0);
  browser.stdio[4].on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    for (let end = received.indexOf(0); end >= 0; end = received.indexOf(0)) {
      const text = received.subarray(0, end).toString('utf8');
      received = received.subarray(end + 1);
      handle(JSON.parse(text));
    }
  });
  exited.then((code) => {
    for (const {reject} of pending.values()) reject(new Error(`chromium exited (${code}): ${browserLog.trim()}`));
    pending.clear();
  });
  return {
    send(method, params, sessionId) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        if (browser.exitCode !== null || browser.signalCode !== null) {
          reject(new Error(`chromium exited (${browser.exitCode}): ${browserLog.trim()}`));
          return;
        }
        pending.set(id, {resolve, reject});
        toBrowser.write(JSON.stringify({id, method, params: params || {}, sessionId}) + '\0');
      });
    },
  };
}

// In the page: run block INDEX with FLAGS (null: the flags the box opens with)
// through its controls, as a reader would, and report what it shows.
function runBlockInPage(index, flags, stay) {
  const blocks = document.querySelectorAll('[data-program][data-flags]');
  const block = blocks[index];
  const original = Array.from(block.children).filter((c) => !c.matches('.run-bar, .run-form, .run-result'));
  const form = block.querySelector('.run-form');
  const closedAtFirst = getComputedStyle(form).display === 'none';
  if (closedAtFirst) block.querySelector('.run-open').click();
  const opened = getComputedStyle(form).display !== 'none';
  const input = block.querySelector('.run-flags');
  if (flags !== null) input.value = flags;
  block.querySelector('.run-form').requestSubmit();
  return new Promise((resolve) => {
    const poll = () => {
      const exit = block.querySelector('.run-result .run-exit');
      const error = block.querySelector('.run-result .run-error');
      if (!exit && !error) return setTimeout(poll, 20);
      const text = (selector) => (block.querySelector(selector) || {}).textContent;
      const img = block.querySelector('.run-plot');
      const shown = {
        source: block.dataset.source, flags: input.value, error: error && error.textContent,
        exit: exit && exit.textContent, stdout: text('.run-stdout'), stderr: text('.run-stderr'),
        plot: img ? decodeURIComponent(img.src.replace(/^data:image\/svg\+xml;charset=utf-8,/, '')) : null,
        closedAtFirst, opened, live: block.querySelector('.run-result').getAttribute('aria-live'),
        originalHiddenDuringRun: original.every((c) => getComputedStyle(c).display === 'none'),
        ms: Number((/(\d+) ms/.exec(text('.run-status') || '') || [])[1]),
      };
      if (stay) {
        block.scrollIntoView();
        return resolve(shown);
      }
      block.querySelector('.run-back').click();
      shown.originalBack = original.every((c) => getComputedStyle(c).display !== 'none') &&
        getComputedStyle(block.querySelector('.run-result')).display === 'none';
      resolve(shown);
    };
    poll();
  });
}

const versionFlag = /(^|\s)--version(\s|$)/;

// testPage(cdp, PAGE) -> its failures: the page opened in a new tab, its controls clicked.
async function testPage(cdp, page) {
  const readFile = (file) => fs.readFileSync(file, 'utf8');
  const pageStart = Date.now();
  const {targetId} = await cdp.send('Target.createTarget', {url: 'about:blank'});
  const {sessionId} = await cdp.send('Target.attachToTarget', {targetId, flatten: true});
  const evaluate = async (expression) => {
    const r = await cdp.send('Runtime.evaluate', {expression, awaitPromise: true, returnByValue: true}, sessionId);
    if (r.exceptionDetails) throw new Error('in the page: ' + JSON.stringify(r.exceptionDetails));
    return r.result.value;
  };
  await cdp.send('Page.enable', {}, sessionId);
  const loaded = new Promise((resolve) => { loadListeners.set(sessionId, resolve); });
  await cdp.send('Page.navigate', {url: 'file://' + path.resolve(page)}, sessionId);
  await loaded;
  const openedAt = Date.now();
  const blocks = await evaluate(`Array.from(document.querySelectorAll('[data-program][data-flags]'),
    (b) => ({source: b.dataset.source, flags: b.dataset.flags, figure: b.classList.contains('figure'),
      control: !!b.querySelector('.run-open')}))`);
  const failures = [];
  if (blocks.length === 0) failures.push('the page has no block with a run control (data-program, data-flags)');
  // Every golden output of a case (it shows its command) and every figure carries the control (a
  // figure once lost its attributes).
  const without = await evaluate(`Array.from(document.querySelectorAll('div.golden:has(> pre.command), figure.figure[data-source]'))
    .filter((b) => !b.querySelector('.run-open')).map((b) => b.dataset.source)`);
  without.forEach((source) => failures.push(`${source} has no "运行 / 改参数" button`));
  blocks.forEach((b, i) => b.control || failures.push(`block ${i} (${b.source}) has no "运行 / 改参数" button`));
  const chosen = blocks.map((b, i) => i).filter((i) => i % sample === 0 && !blocks[i].figure);
  const firstFigure = blocks.findIndex((b) => b.figure);
  if (firstFigure >= 0) chosen.push(firstFigure);
  blocks.forEach((b) => versionFlag.test(b.flags) &&
    failures.push(`${b.source} runs --version: its output is the commit, not a golden file's (wasm/version/programs checks it)`));
  let checked = 0;
  const times = [];
  for (const index of chosen) {
    const shown = await evaluate(`(${runBlockInPage})(${index}, null)`);
    const golden = readFile(path.join(repoRoot, shown.source));
    const actual = blocks[index].figure ? shown.plot : shown.stdout;
    const problems = [];
    if (shown.error) problems.push('the page showed: ' + shown.error);
    if (shown.exit !== '退出状态 0') problems.push(`showed "${shown.exit}", expected "退出状态 0"; stderr: ${shown.stderr}`);
    if (actual !== golden) problems.push(`what the page shows differs from ${shown.source} (${String(actual).length} vs ${golden.length} chars)`);
    if (!shown.closedAtFirst) problems.push('the flags box was open before "运行 / 改参数" was clicked');
    if (!shown.opened) problems.push('"运行 / 改参数" did not open the flags box');
    if (!shown.originalHiddenDuringRun) problems.push('the book\'s output stayed visible beside the reader\'s run');
    if (!shown.originalBack) problems.push('"回到书中的输出" did not bring the book\'s output back');
    if (shown.live !== 'polite') problems.push('the run\'s result is not announced to screen readers (aria-live)');
    problems.forEach((p) => failures.push(`block ${index} (${shown.flags}): ${p}`));
    times.push(shown.ms);
    checked++;
  }
  // The profile cases: the sample file the page carries, then the same text pasted as the reader's own.
  const chapter = path.basename(page, '.html');
  const casesFile = path.join(repoRoot, 'golden', chapter, 'cases.list');
  const profileCases = readFile(casesFile).split('\n')
    .filter((line) => /^[a-z0-9]/.test(line) && line.includes('--profile ') && !line.includes('@OUT@'))
    .map((line) => line.trim().split(/\s+/));
  for (const [name, ...flags] of profileCases) {
    const golden = readFile(path.join(repoRoot, 'golden', chapter, name + '.txt'));
    const sample = flags[flags.indexOf('--profile') + 1];
    const runs = [flags.join(' ')];
    // Pasted under another name only when the output does not name the file (its path or, as a
    // profile's default name, its stem).
    if (!golden.includes(sample) && !golden.includes(path.basename(sample, '.yaml'))) {
      runs.push(flags.join(' ').replace(sample, 'my-machine.yaml'));
    }
    for (const flagText of runs) {
      if (versionFlag.test(flagText)) {
        failures.push(`profile case ${name} runs --version: its output is the commit (wasm/version/programs checks it)`);
        continue;
      }
      const shown = await evaluate(`(${runBlockInPage})(0, ${JSON.stringify(flagText)})`);
      if (shown.exit !== '退出状态 0' || shown.stdout !== golden) {
        failures.push(`profile case ${name} run as "${flagText}": "${shown.exit}", ` +
          `output ${shown.stdout === golden ? 'same as' : 'differs from'} golden/${chapter}/${name}.txt; stderr: ${shown.stderr}`);
      }
      checked++;
    }
  }
  // A bad flag, as a reader might type it: the terminal's message and status 2.
  const bad = await evaluate(`(${runBlockInPage})(0, '--no-such-flag 1')`);
  const badLines = (bad.stderr || '').split('\n').filter((l) => l !== '');
  if (bad.exit !== '退出状态 2') failures.push(`a bad flag showed "${bad.exit}", expected "退出状态 2"`);
  if (badLines.length !== 1 || !badLines[0].includes('--no-such-flag')) {
    failures.push(`a bad flag: expected one stderr line naming --no-such-flag, got ${JSON.stringify(bad.stderr)}`);
  }
  if (bad.stdout) failures.push(`a bad flag printed on stdout: ${JSON.stringify(bad.stdout)}`);
  // A figure's result is shown whole, as a golden block's is: at 1280 px its stdout (the figure's
  // flags without --plot: a table wider than the figure) and at 375 px a bad flag's error are
  // never cut at the figure's right edge (nothing hidden beyond its box, nothing past the window).
  if (firstFigure >= 0) {
    const figureFlags = blocks[firstFigure].flags.replace(/\s*--plot\s+@OUT@/, '').trim();
    for (const [width, flags] of [[1280, figureFlags], [375, '--no-such-flag 1']]) {
      await cdp.send('Emulation.setDeviceMetricsOverride', {width, height: 900, deviceScaleFactor: 1, mobile: false}, sessionId);
      const shown = await evaluate(`(${runBlockInPage})(${firstFigure}, ${JSON.stringify(flags)}, true)`);
      const cut = await evaluate(`Array.from(document.querySelectorAll('[data-program][data-flags]')[${firstFigure}]
        .querySelectorAll('.run-result pre'), (pre) => {
          const r = pre.getBoundingClientRect();
          return pre.scrollWidth > pre.clientWidth + 1 || r.right > window.innerWidth + 0.5
            ? pre.className + ': ' + pre.scrollWidth + ' px of text in a ' + pre.clientWidth + ' px box, its right edge at ' + Math.round(r.right) + ' px' : null;
        }).filter(Boolean)`);
      if (!shown.stdout && !shown.stderr) failures.push(`figure ${shown.source} run as "${flags}" at ${width} px showed nothing`);
      cut.forEach((c) => failures.push(`figure ${shown.source} run as "${flags}" at ${width} px: its result is cut: ${c}`));
    }
    await cdp.send('Emulation.clearDeviceMetricsOverride', {}, sessionId);
  }
  // RUN_TEST_SCREENSHOT=FILE.png: the reader's run of the second block (a bad flag in the first), to
  // look at; RUN_TEST_WIDTH=375 a phone's width, RUN_TEST_DARK=1 the dark colour scheme.
  const name = path.basename(page);
  if (process.env.RUN_TEST_SCREENSHOT) {
    const shot = pages.length === 1 ? process.env.RUN_TEST_SCREENSHOT
      : process.env.RUN_TEST_SCREENSHOT.replace(/(\.png)?$/, `-${path.basename(page, '.html')}.png`);
    if (process.env.RUN_TEST_DARK) {
      await cdp.send('Emulation.setEmulatedMedia', {features: [{name: 'prefers-color-scheme', value: 'dark'}]}, sessionId);
    }
    await cdp.send('Emulation.setDeviceMetricsOverride',
      {width: Number(process.env.RUN_TEST_WIDTH || 1280), height: 1400, deviceScaleFactor: 1, mobile: false}, sessionId);
    await evaluate(`(${runBlockInPage})(0, '--no-such-flag 1', true)`);
    await evaluate(`(${runBlockInPage})(1, null, true)`);
    const {data} = await cdp.send('Page.captureScreenshot', {format: 'png'}, sessionId);
    fs.writeFileSync(shot, Buffer.from(data, 'base64'));
  }
  await cdp.send('Target.closeTarget', {targetId});
  for (const f of failures) console.log(`FAIL: ${name}: ${f}`);
  console.log(`${name}: ${checked} golden runs in the page (${profileCases.length} profile cases), ` +
    `a bad flag, ${failures.length} failures`);
  // For the README's table (not a pass/fail criterion): the first run loads and compiles the program.
  console.log(`  time shown by the page: first output ${times[0]} ms, later runs ${times.slice(1).join(', ')} ms; ` +
    `opened in ${openedAt - pageStart} ms, all its runs ${Date.now() - openedAt} ms`);
  return failures.length;
}

async function main() {
  const cdp = connect();
  await cdp.send('Browser.getVersion');  // answered once Chromium is up
  console.log(`Chromium ready after ${elapsed()}`);
  let failures = 0;
  for (const page of pages) {
    try {
      failures += await testPage(cdp, page);
    } catch (error) {  // e.g. an exception in the page: this page fails, the others are still tested
      console.log(`FAIL: ${path.basename(page)}: ${error.stack || error}`);
      failures++;
    }
  }
  console.log(`${pages.length} page(s), ${failures} failures, in ${elapsed()}`);
  return pages.length > 0 && failures === 0;
}

main().then((ok) => finish(ok ? 0 : 1), (error) => {
  console.log('FAIL: ' + (error.stack || error));
  finish(1);
});
