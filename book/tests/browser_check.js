// A check in headless Chromium (Debian's, $CHROMIUM or /usr/bin/chromium, driven by playwright-core
// from DEPS_DIR), run as `node CHECK.js DEPS_DIR ARGS...` (book/search/tests/run.sh) in a browser
// of its own; measure_pages.js shares its launch and tab pool.
//
// A check module ends with `module.exports = check(module, run, DEADLINE_S)`, where
// `async run(io)` returns the exit status and talks to the world through `io` alone:
//   io.args        its arguments after DEPS_DIR; io.deps: DEPS_DIR; io.path(p): p against the caller's folder
//   io.env         the caller's environment (pass it to the programs it starts)
//   io.out(text), io.err(text): a line to the caller's stdout, stderr
//   io.python(args, {quiet}): python3 ARGS run in the caller's environment and folder: a promise of
//                  {status, stdout, error}, its stderr passed on to the caller's (dropped when quiet)
//   io.browser()   a browser with newContext(options) only: its contexts are closed when the run ends
//   io.tabs()      tabs of one browser context (tabPool), dropped when the run ends
// Neither starts Chromium until a run asks for it.
'use strict';
const path = require('path');
const { execFile } = require('child_process');

// launch(depsDir): Chromium as every check starts it.
function launch(depsDir) {
  const { chromium } = require(path.join(path.resolve(depsDir), 'node_modules', 'playwright-core'));
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

// tabPool(browser): tabs, all in ONE browser context of the browser that browser() resolves to,
// each switched to a load's colour scheme in place (emulateMedia: `shown` says which). A new tab costs a renderer of its own and its first load of a page
// about twice a later one (page 02, 3 chapters: a context, its tab and a load 1.6 CPU s; a load in
// a tab that loaded before 0.6). take() gives an idle tab or a new one; give() puts it back;
// drop() closes one whose state is unknown (its load failed, its job ran out of time).
// fresh(tab) makes the tab's next load a fresh one: its storage cleared, at about:blank (not a
// reload that restores scroll and form state); show(tab, scheme) switches its colour scheme.
function tabPool(browser) {
  let context = null;
  const idle = [];
  const live = new Set();
  return {
    async take() {
      if (idle.length) return idle.pop();
      if (!context) context = browser().then((b) => b.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light', deviceScaleFactor: 1 }));
      const tab = { page: await (await context).newPage(), shown: 'light' };
      live.add(tab);
      return tab;
    },
    give(tab) { if (live.has(tab)) idle.push(tab); },
    drop(tab) { if (live.delete(tab)) tab.page.close().catch(() => {}); },  // held by its job, never idle
  };
}

// POLL_MS: how often a check's wait for its page (waitForFunction) looks again, on a timer: the
// default, an animation frame, comes once a second to a pool tab behind another.
const POLL_MS = 20;

async function fresh(tab) {
  if (tab.page.url() === 'about:blank') return;
  await tab.page.evaluate(() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) { /* no storage */ } });
  await tab.page.goto('about:blank');
}

async function show(tab, scheme) {
  if (tab.shown === scheme) return;
  await tab.page.emulateMedia({ colorScheme: scheme });
  tab.shown = scheme;
}

// The contexts a run made in a browser it shares: closed, and with them their tabs, when the run
// ends or runs out of time; a run still going after its deadline gets none.
function borrowed(browser) {
  const contexts = new Set();
  let ended = false;
  return {
    async newContext(options) {
      if (ended) throw new Error('the run has ended');
      const context = await (await browser()).newContext(options);
      contexts.add(context);
      if (ended) context.close().catch(() => {});
      return context;
    },
    closeAll() {
      ended = true;
      return Promise.all([...contexts].map((c) => c.close().catch(() => {})));
    },
  };
}

// tracked(pool): the pool as one run (a check's, a measuring job's) takes from it: the tabs it still
// holds when it ends are dropped by dropAll(), not given back (the run may have left them
// mid-load), and a run still going after its deadline gets none.
function tracked(pool) {
  const held = new Set();
  let ended = false;
  return {
    async take() {
      if (ended) throw new Error('the run has ended');
      const tab = await pool.take();
      if (ended) { pool.drop(tab); throw new Error('the run has ended'); }
      held.add(tab);
      return tab;
    },
    give(tab) { if (held.delete(tab)) pool.give(tab); },
    drop(tab) { if (held.delete(tab)) pool.drop(tab); },
    dropAll() { ended = true; for (const tab of held) pool.drop(tab); held.clear(); },
  };
}

// runCheck(run, deadlineS, job, shared, sink): runs the check on JOB ({deps, args, env, cwd}) with
// the shared browser (a function returning a promise of it, launched on first call) and tab pool
// (shared.tabs()), its lines going to sink.out and sink.err; resolves to its exit status, 1 with a
// FAIL line when it runs past deadlineS.
async function runCheck(run, deadlineS, job, shared, sink) {
  const contexts = borrowed(shared.browser);
  const tabs = tracked(shared.tabs());
  const io = {
    deps: path.resolve(job.cwd, job.deps),
    args: job.args,
    path: (p) => path.resolve(job.cwd, p),
    env: job.env,
    out: (text) => sink.out(`${text}\n`),
    err: (text) => sink.err(`${text}\n`),
    python: (args, { quiet = false } = {}) => new Promise((resolve) => {  // not spawnSync: the
      // deadline's timer still runs meanwhile
      execFile('python3', args, { encoding: 'utf8', env: job.env, cwd: job.cwd, maxBuffer: 1 << 28 }, (e, stdout, stderr) => {
        if (!quiet && stderr) sink.err(stderr.endsWith('\n') ? stderr : `${stderr}\n`);
        const status = e ? (typeof e.code === 'number' ? e.code : null) : 0;
        resolve({ status, stdout: stdout || '', error: e && status === null ? e.message : null });
      });
    }),
    browser: async () => contexts,
    tabs: async () => tabs,
  };
  let timer = null;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(`FAIL: still running after ${deadlineS} s`), deadlineS * 1000);
  });
  let status;
  try {
    const ended = await Promise.race([run(io).catch((e) => { io.out(`FAIL: ${e.stack || e}`); return 1; }), late]);
    if (typeof ended === 'string') { io.out(ended); status = 1; } else if (Number.isInteger(ended)) status = ended;
    else { io.out(`FAIL: the check returned ${ended}, not an exit status`); status = 1; }  // never a pass by omission
  } finally {
    clearTimeout(timer);
    tabs.dropAll();
    await contexts.closeAll();
  }
  return status;
}

// check(mod, run, deadlineS): the module's exports; when it is the program Node started
// (`node CHECK.js DEPS_DIR ARGS...`), runs it with a browser of its own and exits with its status.
function check(mod, run, deadlineS) {
  if (require.main === mod) {
    const [deps, ...args] = process.argv.slice(2);
    let started = null;
    const browser = () => { started = started || launch(deps || '.'); return started; };
    const pool = tabPool(browser);  // no browser until a tab is taken
    const shared = { browser, tabs: () => pool };
    const sink = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };
    runCheck(run, deadlineS, { deps: deps || '.', args, env: process.env, cwd: process.cwd() }, shared, sink).then(async (status) => {
      if (started) await (await started).close().catch(() => {});
      process.exit(status);
    }, (e) => {
      console.log(`FAIL: ${e.stack || e}`);
      process.exit(1);
    });
  }
  return { run, deadlineS };
}

module.exports = { check, launch, tabPool, fresh, show, POLL_MS };
