// node build-index.js MINISEARCH_DIR DOCS.json OUT.js: MiniSearch's index of sections.py's documents,
// with the page's tokenizer (tokenize.js), as a script setting window.BookSearchIndex (a page opened
// from file:// may not fetch() a JSON file).
'use strict';
const fs = require('fs');
const path = require('path');

const [moduleDir, docsFile, outFile] = process.argv.slice(2);
if (!outFile) {
  console.error('usage: node build-index.js MINISEARCH_DIR DOCS.json OUT.js');
  process.exit(2);
}
// The CommonJS build; the page loads the same version's UMD build (dist/umd/index.js).
const MiniSearch = require(path.join(path.resolve(moduleDir), 'dist', 'cjs', 'index.cjs'));
const { options } = require('./tokenize.js');

const docs = JSON.parse(fs.readFileSync(docsFile, 'utf8'));
if (!Array.isArray(docs) || docs.length === 0) {
  console.error(`build-index: no document in ${docsFile}`);
  process.exit(1);
}
const search = new MiniSearch(options);
search.addAll(docs);
const body = `window.BookSearchIndex = ${JSON.stringify({ documents: docs.length, index: search.toJSON() })};\n`;
fs.writeFileSync(`${outFile}.tmp`, body);
fs.renameSync(`${outFile}.tmp`, outFile);
