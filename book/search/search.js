// The book's search box (book/render.sh adds it to every HTML page through
// pandoc's --include-after-body; the page template knows nothing of it).
//
// It puts the box in the page's sidebar navigation when there is one and it is
// shown (an element marked data-search-slot, or nav.sidebar / #sidebar / aside
// nav), else at the top of the page's <main> or body. The index is a script
// (search/index.js, written at render time by book/search/build-index.js) loaded
// with MiniSearch on the first focus, so the search works from file:// (where
// fetch() of a data file is refused) and from any static server, and costs
// nothing until a reader uses it.
(function () {
  'use strict';
  const MAX_RESULTS = 10;
  const here = document.currentScript && document.currentScript.src;
  const base = here ? here.replace(/[^/]*$/, '') : 'search/';

  function element(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  const box = element('div', 'book-search');
  box.setAttribute('role', 'search');
  const label = element('label', 'book-search-label', '搜索');
  label.htmlFor = 'book-search-input';
  const input = element('input', 'book-search-input');
  input.id = 'book-search-input';
  input.type = 'search';
  input.placeholder = '搜索全书：平衡点、GEMM……';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('aria-controls', 'book-search-results');
  const results = element('div', 'book-search-results');
  results.id = 'book-search-results';
  results.setAttribute('aria-live', 'polite');
  results.hidden = true;
  box.append(label, input, results);

  // In the sidebar while it is shown; where a narrow screen hides it (behind a
  // menu button), at the top of the page's content instead, so that the box is
  // always in sight. Placed again when the window's width changes.
  function place() {
    const slot = document.querySelector('[data-search-slot], nav.sidebar, #sidebar, aside nav');
    const shown = slot && getComputedStyle(slot).display !== 'none' && slot.getClientRects().length > 0;
    const where = shown ? slot : document.querySelector('main') || document.body;
    box.classList.toggle('book-search-sidebar', where === slot);
    if (box.parentElement !== where) where.prepend(box);
  }
  place();
  let resizing = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizing);
    resizing = setTimeout(place, 150);
  });

  function loadScript(name) {
    return new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = base + name;
      s.onload = resolve;
      s.onerror = () => reject(new Error('cannot load search/' + name));
      document.head.appendChild(s);
    });
  }

  let engine = null;
  function load() {
    if (!engine) {
      engine = loadScript('minisearch.js')
        .then(() => loadScript('tokenize.js'))
        .then(() => loadScript('index.js'))
        .then(() => window.MiniSearch.loadJS(window.BookSearchIndex.index, window.BookSearchTokenize.options));
    }
    return engine;
  }

  // Where in the text the query (or else its first term found) occurs.
  function snippet(text, query) {
    const lower = text.toLowerCase();
    const needles = [query.toLowerCase()].concat(window.BookSearchTokenize.terms(query, true));
    let at = -1;
    let len = 0;
    for (const n of needles) {
      at = lower.indexOf(n);
      if (at >= 0) {
        len = n.length;
        break;
      }
    }
    const span = element('span', 'book-search-snippet');
    if (at < 0) {
      span.textContent = text.slice(0, 80) + (text.length > 80 ? '…' : '');
      return span;
    }
    const from = Math.max(0, at - 30);
    const to = Math.min(text.length, at + len + 60);
    span.append((from > 0 ? '…' : '') + text.slice(from, at), element('mark', '', text.slice(at, at + len)),
      text.slice(at + len, to) + (to < text.length ? '…' : ''));
    return span;
  }

  function show(query, hits, all) {
    results.replaceChildren();
    results.hidden = false;
    results.dataset.query = query; // which query the list answers (the tests wait for it)
    if (hits.length === 0) {
      results.append(element('p', 'book-search-empty', '没有找到「' + query + '」'));
      return;
    }
    const list = element('ol', 'book-search-list');
    for (const hit of all ? hits : hits.slice(0, MAX_RESULTS)) {
      const a = element('a', 'book-search-hit');
      a.href = hit.href;
      a.append(element('span', 'book-search-chapter', hit.chapter));
      if (hit.section !== hit.chapter) a.append(element('span', 'book-search-section', hit.section));
      a.append(snippet(hit.text, query));
      a.addEventListener('click', () => {
        results.hidden = true;
        try { sessionStorage.setItem(LANDING, query); } catch (e) { /* no storage: no mark */ }
      });
      const li = element('li');
      li.append(a);
      list.append(li);
    }
    const cut = !all && hits.length > MAX_RESULTS;
    results.append(element('p', 'book-search-count', '找到 ' + hits.length + ' 处' + (cut ? '，显示前 ' + MAX_RESULTS + ' 处' : '')), list);
    if (cut) {
      const more = element('button', 'book-search-more', '显示全部 ' + hits.length + ' 处');
      more.type = 'button';
      more.addEventListener('click', () => show(query, hits, true));
      results.append(more);
    }
  }

  // The page a hit opened marks where the query stands in the section it links to, and scrolls
  // there (the heading alone can be a long way above it).
  const LANDING = 'book-search-landing';
  function markLanding() {
    let query = null;
    try {
      query = sessionStorage.getItem(LANDING);
      sessionStorage.removeItem(LANDING);
    } catch (e) { return; }
    if (!query) return;
    const main = document.querySelector('main') || document.body;
    const start = (location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))) || main;
    const needles = [query.toLowerCase()].concat(window.BookSearchTokenize ? window.BookSearchTokenize.terms(query, true) : []);
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (start.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_PRECEDING) ||
        n.parentElement.closest('script, style, .book-search, nav') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    for (const needle of needles) {
      walker.currentNode = main;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.data.toLowerCase().indexOf(needle);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + needle.length);
        const mark = element('mark', 'book-search-landing');
        range.surroundContents(mark);
        mark.scrollIntoView({ block: 'center' });
        return;
      }
    }
  }
  if (document.readyState === 'complete') markLanding(); else window.addEventListener('load', markLanding);

  // Searches for what the box holds; the promise resolves once its list is shown (or replaced by
  // a later query's).
  let pending = 0;
  function run() {
    const query = input.value.trim();
    const ticket = ++pending;
    if (!query) {
      results.hidden = true;
      results.replaceChildren();
      return Promise.resolve();
    }
    return load().then((search) => {
      if (ticket === pending) show(query, search.search(query));
    }, (err) => {
      results.hidden = false;
      results.replaceChildren(element('p', 'book-search-empty', '搜索不可用：' + err.message));
    });
  }

  let timer = 0;
  input.addEventListener('focus', () => { load().catch(() => {}); }, { once: true });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, 80);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      input.value = '';
      run();
    } else if (e.key === 'Enter' && !e.isComposing && e.keyCode !== 229) {
      // Enter opens the first hit of what is typed now, once its list is shown (the list on
      // screen may still be the previous query's); an Enter that picks an IME candidate does not.
      clearTimeout(timer);
      const query = input.value.trim();
      run().then(() => {
        const first = results.dataset.query === query && results.querySelector('a.book-search-hit');
        if (first && input.value.trim() === query) first.click();
      });
    }
  });
})();
