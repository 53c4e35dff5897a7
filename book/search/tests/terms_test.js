// node terms_test.js DEPS_DIR (ctest book/search-terms, label book)
// The tokenizer (tokenize.js) and MiniSearch with its options, on small
// documents written here, each expectation worked out by hand: Chinese by
// character bigrams, identifiers and flags whole and by parts, AND across terms.
'use strict';
const assert = require('assert');
const path = require('path');

const depsDir = process.argv[2];
if (!depsDir) {
  console.error('usage: node terms_test.js DEPS_DIR');
  process.exit(2);
}
const MiniSearch = require(path.join(path.resolve(depsDir), 'node_modules', 'minisearch', 'dist', 'cjs', 'index.cjs'));
const { terms, options } = require('../tokenize.js');

const cases = [
  // [text, query?, terms]
  ['平衡点', false, ['平', '衡', '点', '平衡', '衡点']],
  ['平衡点', true, ['平衡', '衡点']],
  ['head 数', true, ['head', '数']],
  ['算存比表', true, ['算存', '存比', '比表']],
  ['op_ledger --profile FILE', false, ['op_ledger', 'op', 'ledger', '--profile', 'profile', 'file']],
  ['op_ledger --profile FILE', true, ['op_ledger', '--profile', 'file']],
  ['FlashMLA 在昇腾上', true, ['flashmla', '在昇', '昇腾', '腾上']],
  ['tensor_core.fp16。', true, ['tensor_core.fp16']],
  ['图 2-1：GEMM', false, ['图', '2-1', '2', '1', 'gemm']],
  ['—— 「」，', false, []],
];
for (const [text, query, want] of cases) {
  assert.deepStrictEqual(terms(text, query), want, `terms(${JSON.stringify(text)}, ${query})`);
}

const docs = [
  { id: 'a', href: 'a.html#a', chapter: 'A', section: '用自己的机器', text: '用 --profile 读一台机器的 YAML 文件。' },
  { id: 'b', href: 'b.html#b', chapter: 'B', section: 'profile 文件', text: 'common/profiles 里每台机器一个 profile 文件。' },
  { id: 'c', href: 'c.html#c', chapter: 'C', section: '运行', text: 'op_ledger 逐项记账；平衡点约 162。' },
  { id: 'd', href: 'd.html#d', chapter: 'D', section: '改变参数', text: '平衡与点不相邻；每核的 head 数。' },
];
const search = new MiniSearch(options);
search.addAll(docs);
const ids = (q) => search.search(q).map((r) => r.id).sort();
const expect = [
  ['--profile', ['a']], // the flag, not the word
  ['profile', ['a', 'b']], // the word, and the flag's part
  ['op_ledger', ['c']],
  ['ledger', ['c']],
  ['OP_LEDGER', ['c']], // case does not matter
  ['平衡点', ['c']], // d has 平衡 but not 衡点
  ['平衡', ['c', 'd']],
  ['head 数', ['d']], // both terms (AND)
  ['数', ['d']], // a single character
  ['文件', ['a', 'b']],
  ['机器 文件', ['a', 'b']],
  ['量子纠缠', []],
  ['xylophone', []],
];
for (const [q, want] of expect) assert.deepStrictEqual(ids(q), want, `search(${JSON.stringify(q)})`);
// A heading's words weigh more than the text's: b names profile in its heading.
assert.strictEqual(search.search('profile')[0].id, 'b', 'the section whose heading has the word comes first');
// The stored fields are what the page shows.
assert.deepStrictEqual(Object.keys(search.search('op_ledger')[0]).filter((k) => ['href', 'chapter', 'section', 'text'].includes(k)).sort(),
  ['chapter', 'href', 'section', 'text']);
// An index written as JSON loads back with the same options (what the page does).
const loaded = MiniSearch.loadJS(JSON.parse(JSON.stringify(search.toJSON())), options);
assert.deepStrictEqual(loaded.search('平衡点').map((r) => r.id), ['c']);
console.log(`terms_test: ok (${cases.length} tokenizations, ${expect.length} searches)`);
