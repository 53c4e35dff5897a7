// node node-run.js PROGRAM.js ARGS...
// Runs a program built by the wasm preset under Node as a terminal runs the native one
// (wasm-instance.js): the wasm golden tests' launchers and profile_codegen's build step use it.
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
