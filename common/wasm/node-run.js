// node node-run.js PROGRAM.js ARGS...
// Runs a program built by the wasm preset under Node as a terminal runs the
// native one: the same arguments and files (wasm-instance.js), stdout and
// stderr byte for byte, its exit status. The wasm golden tests run every case
// through it (the build writes a launcher per program, <program>-node);
// profile_codegen runs through it at build time.
'use strict';
const fs = require('fs');
const {loadProgram} = require('./wasm-instance.js');

const [programFile, ...programArgs] = process.argv.slice(2);
if (!programFile) {
  process.stderr.write('usage: node node-run.js PROGRAM.js ARGS...\n');
  process.exit(2);
}
loadProgram(programFile)(programArgs).then(({status, stdout, stderr}) => {
  fs.writeSync(1, stdout);
  fs.writeSync(2, stderr);
  process.exitCode = status;
});
