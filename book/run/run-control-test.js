// node run-control-test.js REPO_ROOT WASM_BUILD_DIR: book/run/run.js under Node, with the wasm
// programs of WASM_BUILD_DIR (ctest wasm/run-control, label wasm; a second, no browser).
//   - splitWords refuses a quote left open (`--case 'gemm`), as a shell would, and groups a
//     closed one;
//   - the figure a run shows is the file the program says its --plot named (its parsed flags),
//     whatever the spelling: `--plot=figure.svg`, the abbreviation `--plo figure.svg`, and a
//     repeated `--plot a.svg --plot b.svg` each show a figure, the SVG the program wrote.
// run.js runs in a stand-in page (window, document); its <script> for run/<program>.js is
// the program's own file, required.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const [repoRoot, wasmDir] = process.argv.slice(2);
let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}

const programs = {};  // program -> its .js file, from chapters/chapters.list
for (const line of fs.readFileSync(path.join(repoRoot, 'chapters', 'chapters.list'), 'utf8').split('\n')) {
  const m = line.match(/^([0-9][0-9]-[a-z0-9-]+)[ \t]+([a-z][a-z0-9_]*)/);
  if (m) programs[m[2]] = path.join(wasmDir, 'chapters', m[1], m[2] + '.js');
}
const window = {};
const document = {
  readyState: 'complete',
  querySelectorAll: () => [],
  createElement: () => ({}),
  head: {
    appendChild(script) {  // run/<program>.js: the built program, loaded as the page would
      const program = path.basename(script.src, '.js');
      try {
        window[program] = require(programs[program]);
        script.onload();
      } catch (e) {
        console.log(`cannot load ${programs[program]}: ${e.message}`);
        script.onerror();
      }
    },
  },
};
const context = vm.createContext({window, document, TextDecoder, TextEncoder, Uint8Array, performance, console});
vm.runInContext(fs.readFileSync(path.join(repoRoot, 'book', 'run', 'run.js'), 'utf8'), context);
const {runProgram, splitWords} = window.bookRun;

for (const text of ["--case 'gemm", '--case "gemm', "'", 'a "b c']) {
  let refused = null;
  try {
    splitWords(text);
  } catch (e) {
    refused = e.message;
  }
  check(refused !== null, `an open quote is refused: ${text}${refused ? ` (${refused})` : ''}`);
}
check(JSON.stringify(splitWords(`--case 'gemm x' --m "5"`)) === '["--case","gemm x","--m","5"]',
  'closed quotes group their words');

(async () => {
  const program = Object.keys(programs).find((p) => fs.existsSync(programs[p]));
  if (!program) {
    check(false, `no wasm program built in ${wasmDir}`);
    process.exit(1);
  }
  for (const args of [['--plot', 'figure.svg'], ['--plot=figure.svg'], ['--plo', 'figure.svg'],
    ['--plot', 'a.svg', '--plot', 'b.svg']]) {
    const run = await runProgram(program, args, {});
    check(run.status === 0 && typeof run.plot === 'string' && run.plot.includes('<svg'),
      `${program} ${args.join(' ')}: exit ${run.status}, shows ${run.plot ? 'the figure it wrote' : 'no figure'}` +
      (run.status !== 0 ? ` (${run.stderr.trim()})` : ''));
  }
  console.log(`run-control-test: ${failures} failure(s)`);
  process.exit(failures ? 1 : 0);
})();
