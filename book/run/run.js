// The "运行 / 改参数" control of every golden block and figure in the HTML book:
// it runs the chapter's own C++ program, compiled to WebAssembly by the wasm
// preset (run/<program>.js, one self-contained file each), in the page, with
// flags the reader edits. The result replaces the book's output until the
// reader goes back to it; without JavaScript the page shows the book's output
// only. book/render.sh includes this file (book/run/include.html) and copies
// the programs beside the pages; book/tests/test-in-chromium.js tests it.
'use strict';
(function () {
  const loading = {};  // program -> Promise of its module factory

  // The program's factory, loaded once per page by a <script> (file:// pages cannot fetch).
  function loadProgram(program) {
    if (!loading[program]) {
      loading[program] = new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = 'run/' + program + '.js';
        script.onload = () => (typeof window[program] === 'function' ? resolve(window[program])
          : reject(new Error('run/' + program + '.js 没有定义 ' + program)));
        script.onerror = () => reject(new Error('找不到 run/' + program + '.js（scripts/build-book 会构建它）'));
        document.head.appendChild(script);
      });
      loading[program].catch(() => delete loading[program]);
    }
    return loading[program];
  }

  // The flags as a shell splits them: blanks separate words, quotes group them; a quote left
  // open is refused, as a shell would (never run as if it were closed).
  function splitWords(text) {
    const words = [];
    let word = null, quote = null;
    for (const ch of text) {
      if (quote) {
        if (ch === quote) quote = null; else word += ch;
      } else if (ch === '"' || ch === "'") {
        quote = ch;
        word = word === null ? '' : word;
      } else if (/\s/.test(ch)) {
        if (word !== null) words.push(word);
        word = null;
      } else {
        word = (word === null ? '' : word) + ch;
      }
    }
    if (quote) throw new Error('引号 ' + quote + ' 没有闭合：请补上另一半，或删去它');
    if (word !== null) words.push(word);
    return words;
  }

  // Runs PROGRAM with ARGS in a fresh instance: {stdout, stderr, status, files}.
  // FILES ({path: text}) are written first (a reader's profile); the file the program
  // says its --plot names (its parsed flags: Module.onPlotPath, common/src/mode_flags.cpp)
  // is read back afterwards.
  function runProgram(program, args, files) {
    return loadProgram(program).then((factory) => new Promise((resolve) => {
      const out = [], err = [];
      let done = false, plotPath = null;
      const Module = {
        arguments: args,
        onPlotPath: (path) => { plotPath = path; },
        preRun: [() => {
          const FS = Module.FS;
          FS.init(() => null, (b) => b !== null && out.push(b), (b) => b !== null && err.push(b));
          for (const [path, text] of Object.entries(files || {})) {
            const parts = path.split('/');
            for (let i = 1; i < parts.length; i++) {
              try { FS.mkdir(parts.slice(0, i).join('/')); } catch (e) { /* exists */ }
            }
            FS.writeFile(path, text);
          }
        }],
        quit: (status, toThrow) => {
          finish(status);
          throw toThrow;
        },
        onAbort: () => finish(134),
      };
      function finish(status) {
        if (done) return;
        done = true;
        const decode = (bytes) => new TextDecoder().decode(new Uint8Array(bytes));
        let plot = null;
        if (plotPath && status === 0) {
          try { plot = Module.FS.readFile(plotPath, {encoding: 'utf8'}); } catch (e) { /* not written */ }
        }
        resolve({stdout: decode(out), stderr: decode(err), status, plot});
      }
      factory(Module).catch((e) => {
        err.push(...new TextEncoder().encode(String(e) + '\n'));
        finish(134);
      });
    }));
  }

  function element(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The sample files a case may name (book/render.sh writes run/files.js from the repository).
  function sampleFiles() { return window.bookRunFiles || {}; }

  // A line's width in terminal columns, as book/filters/wrap.lua counts it (CJK two).
  const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
  function columns(text) {
    return Math.max(0, ...text.split('\n').map((line) => [...line].reduce((n, c) => n + (WIDE.test(c) ? 2 : 1), 0)));
  }

  function addControl(block) {
    const program = block.dataset.program;
    const original = Array.from(block.children);
    const initialFlags = block.dataset.flags.replace(/@OUT@/g, 'figure.svg');
    const bar = element('div', 'run-bar');
    const open = element('button', 'run-open', '运行 / 改参数');
    open.type = 'button';
    bar.appendChild(open);
    block.insertBefore(bar, block.firstChild);

    const form = element('form', 'run-form');
    form.hidden = true;
    form.appendChild(element('span', 'run-prompt', '$ ' + program + ' '));
    const input = element('input', 'run-flags');
    input.type = 'text';
    input.value = initialFlags;
    input.spellcheck = false;
    input.setAttribute('aria-label', program + ' 的参数');
    form.appendChild(input);
    const go = element('button', 'run-go', '运行');
    go.type = 'submit';
    form.appendChild(go);
    const profileNote = element('details', 'run-profile');
    profileNote.appendChild(element('summary', null, '用自己的机器参数（YAML）'));
    const profileText = element('textarea', 'run-profile-text');
    profileText.rows = 8;
    profileText.placeholder = '在此粘贴机器参数文件，参数里写 --profile my-machine.yaml';
    profileText.value = sampleFiles()['common/tests/profiles/reader-gpu.yaml'] || '';
    profileNote.appendChild(profileText);
    form.appendChild(profileNote);
    bar.after(form);

    const result = element('div', 'run-result');
    result.hidden = true;
    result.setAttribute('aria-live', 'polite');  // a screen reader hears the run's result
    form.after(result);

    // style.display, not `hidden`: the book's figure is an inline <svg>, which has no `hidden`.
    function showOriginal(visible) {
      for (const child of original) child.style.display = visible ? '' : 'none';
    }
    open.addEventListener('click', () => {
      form.hidden = !form.hidden;
      if (!form.hidden) input.focus();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      let args;
      try {
        args = splitWords(input.value);
      } catch (error) {
        result.hidden = false;
        result.replaceChildren(element('p', 'run-status run-error', error.message));
        return;
      }
      const files = Object.assign({}, sampleFiles(), {'my-machine.yaml': profileText.value});
      go.disabled = true;
      result.hidden = false;
      result.replaceChildren(element('p', 'run-status', '正在运行…'));
      const started = performance.now();
      runProgram(program, args, files).then((run) => {
        const ms = Math.round(performance.now() - started);
        const head = element('p', 'run-status');
        head.appendChild(element('strong', null, '你的运行结果（不是书中的输出）'));
        head.appendChild(document.createTextNode(' $ ' + program + ' ' + args.join(' ') + ' · '));
        head.appendChild(element('span', 'run-exit', '退出状态 ' + run.status));
        head.appendChild(document.createTextNode(' · ' + ms + ' ms '));
        const back = element('button', 'run-back', '回到书中的输出');
        back.type = 'button';
        back.addEventListener('click', () => {
          result.hidden = true;
          result.replaceChildren();
          showOriginal(true);
        });
        head.appendChild(back);
        const parts = [head];
        const texts = [];
        if (run.stdout !== '' || run.stderr === '') texts.push(element('pre', 'run-stdout', run.stdout));
        if (run.stderr !== '') texts.push(element('pre', 'run-stderr', run.stderr));
        if (block.matches('div.golden')) parts.push(...texts);
        else if (texts.length) {
          // A figure's text is set as a golden output is (book/html/page.css: as wide as its widest
          // line beside the figure, wrapped when still too wide, scrolling on a phone; run.css
          // wraps an error), not cut at the figure's edge.
          const box = element('div', 'golden run-text');
          box.style.setProperty('--cols', columns(run.stdout + '\n' + run.stderr));
          box.append(...texts);
          parts.push(box);
        }
        if (run.plot) {
          const figure = element('img', 'run-plot');
          figure.alt = '--plot 写出的图';
          figure.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(run.plot);
          parts.push(figure);
        }
        result.replaceChildren(...parts);
        showOriginal(false);
      }, (error) => {
        result.replaceChildren(element('p', 'run-status run-error', String(error.message || error)));
      }).finally(() => {
        go.disabled = false;
      });
    });
  }

  function start() {
    document.querySelectorAll('[data-program][data-flags]').forEach(addControl);  // outputs and figures
  }
  window.bookRun = {runProgram, splitWords};
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
