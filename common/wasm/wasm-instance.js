// One run of a program built by the wasm preset, in Node: a fresh instance of
// its module with the given arguments, the host's files (every top-level
// folder of / mounted at its own path, the same working directory), stdout
// and stderr kept byte for byte. Used by node-run.js (one run, as a terminal)
// and common/tests/wasm/bad-input-batch.js (many runs in one process).
'use strict';
const fs = require('fs');
const path = require('path');

// Each instance adds Emscripten's two process listeners, which hold the instance: left in place,
// 600 runs in one process (a bad-input battery) keep 600 instances alive, and each run costs more
// than the one before (6 ms at the first hundred, 21 ms at the sixth). Each run removes its own.
const INSTANCE_EVENTS = ['uncaughtException', 'unhandledRejection'];
const endedRunsListeners = [];  // [event, listener] pairs of runs that have ended
function removeEndedRunsListeners() {
  for (const [event, listener] of endedRunsListeners.splice(0)) process.removeListener(event, listener);
}

function mountHostFolders(FS) {
  const NODEFS = FS.filesystems.NODEFS;
  for (const name of fs.readdirSync('/')) {
    if (name === 'dev') continue;  // the program keeps Emscripten's own /dev (its stdio), plus /dev/zero below
    const hostPath = '/' + name;
    let isFolder = false;
    try {
      isFolder = fs.statSync(hostPath).isDirectory();
    } catch (e) {
      continue;
    }
    if (!isFolder) continue;
    try {
      FS.mkdir(hostPath);
    } catch (e) {
      // /tmp and /home exist already
    }
    FS.mount(NODEFS, {root: hostPath}, hostPath);
  }
  FS.chdir(process.cwd());
  // Linux has it, Emscripten's /dev not: a reader's `--profile /dev/zero` must meet a device.
  FS.createDevice('/dev', 'zero', () => 0, () => {});
}

// loadProgram(file) -> run(args) -> Promise of {status, stdout, stderr} (Buffers).
// The module is compiled once (from the .wasm inlined in the .js) and
// instantiated afresh for every run.
function loadProgram(programFile) {
  const file = path.resolve(programFile);
  const factory = require(file);
  const inlined = fs.readFileSync(file, 'latin1').match(/(["'])data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)\1/);
  const compiled = inlined ? WebAssembly.compile(Buffer.from(inlined[2], 'base64')) : null;
  return function run(args) {
    removeEndedRunsListeners();
    return new Promise((resolve) => {
      const stdout = [], stderr = [];
      let done = false;
      let added = [];
      const finish = (status) => {
        if (done) return;
        done = true;
        // Removed once the exit's own throw has unwound (they catch it until then): by the next
        // run's start, or the next turn of the event loop, whichever comes first.
        endedRunsListeners.push(...added);
        setImmediate(removeEndedRunsListeners);
        resolve({status, stdout: Buffer.from(stdout), stderr: Buffer.from(stderr)});
      };
      const Module = {
        arguments: args,
        // argv[0] and the environment's `_`: Emscripten's default is this runner's own path, which
        // under a folder named in Chinese is not Latin-1 and aborts an -O0 (assertions) program
        // such as profile_codegen. The program's name, as a shell gives it, is ASCII.
        thisProgram: path.basename(file, '.js'),
        preRun: [() => {
          mountHostFolders(Module.FS);
          Module.FS.init(() => null, (b) => b !== null && stdout.push(b), (b) => b !== null && stderr.push(b));
        }],
        // exit() and main's return end here; throwing unwinds the program as Emscripten's own quit does.
        quit: (status, toThrow) => {
          finish(status);
          throw toThrow;
        },
        onAbort: () => finish(134),
      };
      if (compiled) {
        Module.instantiateWasm = (imports, receive) => {
          compiled.then((m) => WebAssembly.instantiate(m, imports)).then((instance) => receive(instance, null));
          return {};
        };
      }
      const before = INSTANCE_EVENTS.map((event) => new Set(process.listeners(event)));
      factory(Module).catch((e) => {
        stderr.push(...Buffer.from(String(e) + '\n'));
        finish(134);
      });
      // The module's body adds them as it starts, before its first await.
      added = INSTANCE_EVENTS.flatMap((event, i) =>
        process.listeners(event).filter((listener) => !before[i].has(listener)).map((listener) => [event, listener]));
      if (done) endedRunsListeners.push(...added);  // a run that ended before its body returned
    });
  };
}

module.exports = {loadProgram, INSTANCE_EVENTS};
