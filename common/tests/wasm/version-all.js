// node version-all.js PROGRAM.js...: each program's --version, every program in one Node process
// (common/tests/version_commit.py checks them); a process per program would cost ~0.3 CPU s each.
// Prints one JSON object: {"<file>": {"status": N, "stdout": "..."}}.
'use strict';
const {loadProgram} = require('../../wasm/wasm-instance.js');

async function main() {
  const out = {};
  for (const file of process.argv.slice(2)) {
    const {status, stdout} = await loadProgram(file)(['--version']);
    out[file] = {status, stdout: stdout.toString('utf8')};
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}
main();
