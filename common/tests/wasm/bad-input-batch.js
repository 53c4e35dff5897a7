// node bad-input-batch.js PROGRAM.js LAUNCHER < RECORDS
// The bad-input battery's checks (common/cmake/bad-input-test.sh) for a wasm
// program, every line in one Node process: the module is compiled once and
// instantiated afresh per line, where a process per line would cost ~0.2 s of
// CPU each. bad-input-batch.sh sends the lines, already split into words by
// bash as the native battery splits them: per line `N\0word1\0...wordN\0`
// (word1 is what stderr must name). Each line must exit 2 with an empty stdout
// and one or two stderr lines naming it. LAUNCHER goes into the rerun command.
'use strict';
const fs = require('fs');
const {loadProgram, INSTANCE_EVENTS} = require('../../wasm/wasm-instance.js');

const [programFile, launcher] = process.argv.slice(2);
const quote = (w) => (/^[A-Za-z0-9@%_+=:,./-]+$/.test(w) ? w : "'" + w.replace(/'/g, "'\\''") + "'");

async function main() {
  const run = loadProgram(programFile);
  // A word that is not valid UTF-8 (a '\xff' line) cannot become a JavaScript
  // string, so neither Node nor a page can pass it: such lines are skipped and counted.
  const strict = new TextDecoder('utf-8', {fatal: true});
  const input = fs.readFileSync(0);
  const parts = [];
  for (let start = 0; start < input.length;) {
    const end = input.indexOf(0, start);
    const bytes = input.subarray(start, end < 0 ? input.length : end);
    try {
      parts.push(strict.decode(bytes));
    } catch (e) {
      parts.push(null);
    }
    start = end < 0 ? input.length : end + 1;
  }
  let checked = 0, failures = 0, skipped = 0;
  for (let i = 0; i + 1 < parts.length;) {
    const count = Number(parts[i]);
    const words = parts.slice(i + 1, i + 1 + count);
    i += 1 + count;
    if (words.includes(null)) {
      skipped++;
      continue;
    }
    const [expected, ...args] = words;
    if (words[0] === '#not-shell-words') {
      checked++, failures++;
      console.log('FAIL: not shell words: ' + words[1]);
      continue;
    }
    const {status, stdout, stderr} = await run(args);
    const errText = stderr.toString('utf8');
    const newlines = (errText.match(/\n/g) || []).length;
    let problem = '';
    if (status !== 2) problem = `exit status ${status}, expected 2`;
    else if (stdout.length > 0) problem = `printed ${stdout.length} bytes on stdout, expected none`;
    else if (!errText.includes(expected)) problem = `stderr does not name '${expected}'`;
    else if (newlines < 1 || newlines > 2) problem = `${newlines} lines on stderr, expected 1 or 2`;
    checked++;
    if (problem) {
      failures++;
      console.log('FAIL: ' + problem);
      console.log('  stderr: ' + errText.slice(0, 300));
      console.log(`  rerun: cd ${quote(process.cwd())} && ${[launcher, ...args].map(quote).join(' ')}`);
    }
  }
  // Every run's instance must go with it (wasm-instance.js): a listener left behind keeps its
  // instance alive, and the battery slows with every line (28's 617 lines: 2.5 s, or 9 s leaking).
  await new Promise(setImmediate);
  const leftListeners = INSTANCE_EVENTS.reduce((n, e) => n + process.listenerCount(e), 0);
  if (leftListeners > 0) {
    console.log(`FAIL: ${leftListeners} process listeners of ended runs are still in place: each keeps its instance alive`);
  }
  console.log(`${checked - failures} passed, ${failures} failed` +
    (skipped ? `, ${skipped} skipped (arguments that are not valid UTF-8: a JavaScript string cannot carry them)` : ''));
  return failures === 0 && checked > 0 && leftListeners === 0;
}

main().then((ok) => { process.exitCode = ok ? 0 : 1; });
