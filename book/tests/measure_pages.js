// node measure_pages.js DEPS_DIR < JOB.json > RESULTS.json
// Loads many pages in ONE headless Chromium (Debian's, $CHROMIUM or
// /usr/bin/chromium, driven by playwright-core from DEPS_DIR as the search's
// tests do) and runs a measuring function on each after it has loaded: one
// browser start for the whole book instead of one per page and width.
//   JOB      {"measure": "<JS function source, returns JSON-able data>",
//             "loads": [{"url": "file:///...", "width": 375, "height": 900,
//                        "dark": false, "shot": "/tmp/x.png" or null, "group": null,
//                        "args": {...} or absent: the measuring function's argument}, ...],
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
//
// node measure_pages.js DEPS_DIR --serve SOCKET IDLE_S: the same jobs from a UNIX socket, in ONE
// Chromium kept running between them (book/tests/chromium_pages.py starts it under scripts/test,
// where several checks load the book one after the other: each start of Node, playwright-core and
// Chromium cost about 2 CPU s). A client sends a JOB and closes its side;
// the reply is {"results": RESULTS} or {"error": "..."}. The tabs are kept between jobs; each load
// is a fresh load all the same, so a job sees what it would in a browser of its own
// (book/measure-server checks both, and a stylesheet changed between two jobs). A job may also be
// a check's run, {"script": "/abs/CHECK.js", "deps", "args", "env", "cwd"} (a browser_check.js
// check: book/a11y, book/search, book/sidebar; chromium_pages.py --run sends it), answered
// {"status", "out", "err"}: the check read again, run with the caller's environment and folder, in
// this browser and these tabs. Chromium starts with the first job that needs it. The server exits
// IDLE_S seconds after the last job ended, or later while a client is still sending one (the socket
// goes, and SOCKET's .lock and .log beside it), and at once when Chromium goes away (the .log
// stays, to say why).
'use strict';
const fs = require('fs');
const path = require('path');

const [depsDir, mode, socketPath, idleSeconds] = process.argv.slice(2);
if (!depsDir || (mode !== undefined && (mode !== '--serve' || !socketPath || !(Number(idleSeconds) > 0)))) {
  console.error('usage: node measure_pages.js DEPS_DIR < JOB.json\n       node measure_pages.js DEPS_DIR --serve SOCKET IDLE_S');
  process.exit(2);
}
const { launch, tabPool, tracked, fresh, show, runCheck } = require('./browser_check.js');

// runJob(job, pool): the job's RESULTS, its loads made in tabs from `pool` (browser_check.js's
// tracked: the server drops the tabs a job still holds at its deadline).
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
            } else {  // resized: the page's resize handlers run at once (a tab behind another gets
              // its animation frames, and with them the resize event, once a second)
              await page.evaluate(() => window.dispatchEvent(new Event('resize')));
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

// loadCheck(file): the check module FILE (browser_check.js), read again for each job: an edit to
// a check between two jobs is what the next one runs.
function loadCheck(file) {
  const resolved = path.resolve(file);
  for (const key of Object.keys(require.cache)) {
    if (key !== __filename && !key.includes(`${path.sep}node_modules${path.sep}`)) delete require.cache[key];
  }
  const check = require(resolved);
  if (typeof check.run !== 'function') throw new Error(`${file} is not a browser_check.js check`);
  return check;
}

// serve(): the jobs of SOCKET's clients, one browser for all (see the top), started by the first
// job that needs it.
async function serve() {
  const net = require('net');
  let started = null;
  const browser = () => {
    if (!started) {
      started = launch(depsDir);
      started.then((b) => b.on('disconnected', () => {
        // Closed by stop(): it exits once Chromium has, not here, where an exit would kill a browser
        // still shutting down and leave its files in the temporary folder (org.chromium.Chromium.*).
        if (stopping) return;
        try { fs.unlinkSync(socketPath); } catch (e) { /* gone already */ }
        process.exit(1);
      }), () => {});
    }
    return started;
  };
  const pool = tabPool(browser); // kept between jobs
  const shared = { browser, tabs: () => pool };
  let running = 0;
  let open = 0; // connections not yet closed: a job may still be arriving on one
  let idle = null;
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    open++;
    socket.on('close', () => { open--; });
    const chunks = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('end', async () => {
      if (!chunks.length) { socket.end(); return; }  // a client's probe: is anyone listening?
      if (stopping) { socket.destroy(); return; }  // no reply: the client starts a browser of its own
      running++;
      clearTimeout(idle);
      const tabs = tracked(pool);
      let reply;
      let timer = null;
      try {
        const job = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (job.script) {  // a check's run (browser_check.js), with its own deadline
          const check = loadCheck(job.script);
          const out = [];
          const err = [];
          const status = await runCheck(check.run, check.deadlineS, job, shared,
            { out: (text) => out.push(text), err: (text) => err.push(text) });
          reply = { status, out: out.join(''), err: err.join('') };
        } else {
          const late = new Promise((resolve) => {
            timer = setTimeout(() => resolve({ error: `still running after ${job.deadline} s (${job.loads.length} loads)` }),
              job.deadline * 1000);
          });
          reply = await Promise.race([runJob(job, tabs).then((results) => ({ results })), late]);
        }
      } catch (e) {
        reply = { error: String(e.stack || e) };
      } finally {
        clearTimeout(timer);
        tabs.dropAll();  // a job out of time: its loads stop with their tabs
      }
      socket.end(JSON.stringify(reply));
      running--;
      if (running === 0) idle = setTimeout(stop, Number(idleSeconds) * 1000);
    });
  });
  let stopping = false;
  const stop = () => {  // idle: the socket goes, and the lock and log chromium_pages.py made beside it
    if (running > 0 || open > 0) {  // a job still arriving (the next check's, right at IDLE_S) is
      idle = setTimeout(stop, Number(idleSeconds) * 1000);  // answered, not run on a closing browser
      return;
    }
    stopping = true;
    server.close();
    for (const left of [socketPath, socketPath.replace(/\.sock$/, '.lock'), socketPath.replace(/\.sock$/, '.log')]) {
      try { fs.unlinkSync(left); } catch (e) { /* gone already */ }
    }
    (started || Promise.reject()).then((b) => b.close()).catch(() => {}).finally(() => process.exit(0));
  };
  try { fs.unlinkSync(socketPath); } catch (e) { /* none left */ }
  server.listen(socketPath, () => {
    fs.chmodSync(socketPath, 0o600);
    idle = setTimeout(stop, Number(idleSeconds) * 1000);
  });
}

(mode === '--serve' ? serve() : main()).catch((e) => {
  console.error(`measure_pages: ${e.stack || e}`);
  process.exit(1);
});
