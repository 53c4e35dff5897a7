-- Claims bound to their sources, as numbers.lua binds numbers (docs/sources.md).
--
-- Runs before Pandoc's citeproc (book/render.sh: --citeproc with the GB/T 7714-2015
-- numeric CSL right after this filter):
--   * gives citeproc the bibliography, book/sources/references.yaml, read through
--     repo.read so the render cache knows the page depends on it;
--   * `[@entry]` must name an entry of it, `[@entry#passage]` a passage stored in
--     book/sources/passages/<entry>.txt; the citation then reads `[@entry]`;
--   * `[text]{.quote}` is a quotation: its text must stand in the passage of the first
--     citation with a passage after it in the same paragraph (or `src="entry#passage"`),
--     and that passage must not be marked `# unverifiable:` (no stored copy proves it:
--     book/tests/check_passages.py);
--   * the page (HTML) or the book (EPUB, PDF) ends with a 参考文献 section, in which an entry
--     whose passages no stored copy proves (`# unverifiable:`) ends with 「（无法核对：…）」.
-- The GB/T 7714 style prints no note, and render.sh runs citeproc last, so this filter runs
-- citeproc itself (a `pandoc --citeproc` over the page's JSON, the same CSL from the `csl`
-- metadata that --csl sets), appends the marks to those entries, and hands on a page with no
-- citations and no bibliography left: the --citeproc after it has nothing to do.
-- Every problem is collected and the render fails once, naming them all.
-- Cross-references ([@fig:…], [@tbl:…]) are crossref.lua's and are left alone.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local passages = require 'sources_passages'

local BIBLIOGRAPHY = 'book/sources/references.yaml'
local problems = repo.problems('sources.lua')
local is_book = FORMAT:match('epub') ~= nil or FORMAT == 'latex'

local function is_crossref(id) return id:match('^fig:') or id:match('^tbl:') end

-- The bibliography's entries as citeproc metadata, and the set of their ids.
local function bibliography()
  local text = repo.read(BIBLIOGRAPHY)
  if not text then error('sources.lua: cannot read ' .. BIBLIOGRAPHY, 0) end
  local meta = pandoc.read('---\n' .. text .. '\n...\n', 'markdown').meta
  local ids = {}
  for _, ref in ipairs(meta.references or {}) do ids[pandoc.utils.stringify(ref.id)] = true end
  return meta.references, ids
end

-- Whitespace-insensitive text of inlines or of a stored passage.
local function normalized(text) return (text:gsub('%s+', ' '):gsub('^ ', ''):gsub(' $', '')) end

-- 'entry#passage' -> entry, passage (nil when there is none); records a problem when either is unknown.
local function resolve(key, ids)
  local entry, passage = key:match('^([^#]+)#(.+)$')
  entry = entry or key
  if not ids[entry] then
    problems.add('citation [@' .. key .. ']: no entry `' .. entry .. '` in ' .. BIBLIOGRAPHY)
    return nil
  end
  if passage and not passages.get(entry, passage) then
    problems.add('citation [@' .. key .. ']: no passage `@' .. passage .. '` stored in ' .. passages.file(entry))
    return entry, nil
  end
  return entry, passage
end

-- Checks the quotes of one block against the passages its citations name; rewrites the citations.
local function check_block(block, ids)
  local pending = {}  -- quotes waiting for the next citation with a passage
  local function settle(entry, passage)
    for _, q in ipairs(pending) do
      local stored = passages.get(entry, passage)
      if stored and not normalized(stored):find(q, 1, true) then
        problems.add('quote 「' .. q .. '」 is not in passage @' .. passage .. ' of ' .. passages.file(entry))
      elseif stored and passages.unverifiable(entry) then
        problems.add('quote 「' .. q .. '」 cites passage @' .. passage .. ' of ' .. passages.file(entry)
          .. ', marked unverifiable (' .. passages.unverifiable(entry) .. '): quote a passage a stored copy proves, or paraphrase')
      end
    end
    pending = {}
  end
  block = block:walk {
    Span = function(span)
      if not span.classes:includes('quote') then return nil end
      local text = normalized(pandoc.utils.stringify(span.content))
      local src = span.attributes.src
      if src then
        local entry, passage = resolve(src, ids)
        if entry and not src:find('#', 1, true) then
          problems.add('quote 「' .. text .. '」: src="' .. src .. '" names no passage (write entry#passage)')
        elseif entry and passage then
          local saved = pending
          pending = { text }
          settle(entry, passage)
          pending = saved
        end
      else
        pending[#pending + 1] = text
      end
    end,
    Cite = function(cite)
      local changed, kept, seen = false, pandoc.List(), {}
      for _, c in ipairs(cite.citations) do
        if not is_crossref(c.id) then
          local entry, passage = resolve(c.id, ids)
          if passage then settle(entry, passage) end
          if entry and entry ~= c.id then c.id = entry; changed = true end
        end
        -- Two passages of one entry in one citation are one source to the reader: [3], not [3,3].
        if seen[c.id] then changed = true else seen[c.id] = true; kept:insert(c) end
      end
      if changed then cite.citations = kept; return cite end
    end,
  }
  for _, q in ipairs(pending) do
    problems.add('quote 「' .. q .. '」 has no citation of a stored passage after it in its paragraph ([@entry#passage])')
  end
  return block
end

-- Whether the page cites a source or quotes one (a page that does neither reads nothing here).
local function cites_anything(doc, or_quotes)
  local any = false
  doc:walk {
    Cite = function(cite)
      for _, c in ipairs(cite.citations) do if not is_crossref(c.id) then any = true end end
    end,
    Span = function(span) if or_quotes and span.classes:includes('quote') then any = true end end,
  }
  return any
end

-- Appends inlines to the text of a bibliography entry: the last block of citeproc's csl-entry
-- Div, inside its csl-right-inline Span when there is one (the number stands in the
-- csl-left-margin Span before it; the HTML writer prints both as Divs).
local function append_to_entry(blocks, inlines)
  for i = #blocks, 1, -1 do
    local b = blocks[i]
    if b.t == 'Div' then
      if append_to_entry(b.content, inlines) then return true end
    elseif b.t == 'Para' or b.t == 'Plain' then
      local last = b.content[#b.content]
      if last and last.t == 'Span' and last.classes:includes('csl-right-inline') then
        last.content:extend(inlines)
      else
        b.content:extend(inlines)
      end
      return true
    end
  end
  return false
end

-- The page with its citations formatted and its 参考文献 filled in by citeproc, each unverifiable
-- entry marked 「（无法核对：…）」 (sources_passages.lua, M.note). The citations become what
-- citeproc made of them (a Span of class `citation`, as the HTML writer prints a Cite), and the
-- bibliography leaves the metadata, so the --citeproc that render.sh runs next changes nothing.
local function marked(doc)
  local cited = {}
  doc:walk { Cite = function(cite)
    for _, c in ipairs(cite.citations) do if not is_crossref(c.id) then cited[c.id] = true end end
  end }
  local notes = {}
  for id in pairs(cited) do notes[id] = passages.note(id) end
  local out = pandoc.pipe('pandoc', { '--from', 'json', '--to', 'json', '--citeproc' }, pandoc.write(doc, 'json'))
  doc = pandoc.read(out, 'json')
  doc.blocks = doc.blocks:walk {
    Div = function(div)
      local id = div.identifier:match('^ref%-(.+)$')
      if id and notes[id] and div.classes:includes('csl-entry') then
        append_to_entry(div.content, { pandoc.Str('（无法核对：' .. notes[id] .. '）') })
        return div
      end
    end,
  }
  doc = doc:walk { Cite = function(cite)
    local ids = {}
    for _, c in ipairs(cite.citations) do ids[#ids + 1] = c.id end
    return pandoc.Span(cite.content, pandoc.Attr('', { 'citation' }, { { 'data-cites', table.concat(ids, ' ') } }))
  end }
  doc.meta.references = nil
  return doc
end

return { {
  Pandoc = function(doc)
    -- A page that cites nothing does not read the bibliography, so an edit of it does not
    -- render that page again (book/render.sh's cache).
    if not cites_anything(doc, true) then return doc end
    local refs, ids = bibliography()
    local blocks = pandoc.List()
    for _, block in ipairs(doc.blocks) do blocks:insert(check_block(block, ids)) end
    doc.blocks = blocks
    problems.raise()
    if not cites_anything(doc) then return doc end
    doc.meta.references = refs
    doc.meta['link-citations'] = true
    -- The list goes where the reader finds it: at the page's end (HTML), as the book's last
    -- part (EPUB, PDF).
    local heading = pandoc.Header(is_book and 1 or 2, { pandoc.Str('参考文献') },
      pandoc.Attr('references', { 'unnumbered' }))
    doc.blocks:insert(heading)
    if FORMAT == 'latex' then doc.blocks:insert(pandoc.RawBlock('latex', '\\markboth{参考文献}{参考文献}')) end
    doc.blocks:insert(pandoc.Div({}, pandoc.Attr('refs')))
    return marked(doc)
  end,
} }
