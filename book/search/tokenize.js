// The search's tokenizer, one file for both sides: book/search/build-index.js
// (Node, at render time) indexes the pages with it, and the page (search.js,
// through a <script> tag) splits the reader's query with it, so the two cannot
// disagree.
//
// Chinese has no spaces, so a run of Han characters is indexed as its
// characters and its character bigrams (平衡点 -> 平 衡 点 平衡 衡点): a query
// of two or more characters looks for its bigrams (all of them: the search
// combines terms with AND), a single character for itself. Latin words keep
// the characters of identifiers and flags (op_ledger, --profile, h200-spec,
// tensor_core.fp16), lower-cased; the index also holds their parts (op, ledger;
// profile) and a flag without its dashes (kv-len) so that either spelling finds them.
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.BookSearchTokenize = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';
  // Han (CJK unified ideographs, extension A, compatibility ideographs), or a Latin word
  // (letters, digits, _ . + - inside; up to two leading dashes for a flag).
  const TOKEN = /([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)|(-{0,2}[A-Za-z0-9_](?:[A-Za-z0-9_.+-]*[A-Za-z0-9_+])?)/g;

  function hanTerms(run, query) {
    const chars = Array.from(run);
    if (chars.length === 1) return chars;
    const bigrams = [];
    for (let i = 0; i + 1 < chars.length; i++) bigrams.push(chars[i] + chars[i + 1]);
    return query ? bigrams : chars.concat(bigrams);
  }

  // A flag is indexed with and without its dashes too (--kv-len: kv-len), so a reader who types
  // the flag's name alone finds it.
  function latinTerms(word, query) {
    const w = word.toLowerCase();
    if (query) return [w];
    const bare = w.replace(/^-+/, '');
    const parts = w.split(/[^a-z0-9]+/).filter((p) => p && p !== w && p !== bare);
    return [w].concat(bare !== w ? [bare] : [], parts);
  }

  // terms(text, query): the terms of a page's text (query false) or of a query (true).
  function terms(text, query) {
    const out = [];
    let m;
    TOKEN.lastIndex = 0;
    while ((m = TOKEN.exec(text)) !== null) {
      for (const t of m[1] ? hanTerms(m[1], query) : latinTerms(m[2], query)) out.push(t);
    }
    return out;
  }

  // Whether a query term is Latin (it may then match as a prefix: gemm -> gemm-512).
  function isLatin(term) {
    return /^[-a-z0-9_.+]+$/.test(term);
  }

  // The search's options, shared by the index builder and the page (MiniSearch
  // needs the same fields and tokenizer to load an index it did not build).
  const options = {
    idField: 'id',
    fields: ['section', 'text'],
    storeFields: ['href', 'chapter', 'section', 'text'],
    tokenize: (text) => terms(text, false),
    processTerm: (term) => term,
    searchOptions: {
      tokenize: (text) => terms(text, true),
      processTerm: (term) => term,
      combineWith: 'AND',
      boost: { section: 3 },
      prefix: (term) => isLatin(term) && term.length >= 3,
      fuzzy: false,
    },
  };

  return { terms, isLatin, options };
});
