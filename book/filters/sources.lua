-- Claims bound to their sources, as numbers.lua binds numbers (docs/sources.md). Runs before
-- Pandoc's citeproc: gives it book/sources/references.yaml (read through repo.read, so the render
-- knows the page depends on it), checks that `[@entry]` names an entry and `[@entry#passage]` a
-- stored passage (the citation then reads `[@entry]`), that a `[text]{.quote}` stands in the
-- passage cited after it in its paragraph (or `src="entry#passage"`), and adds the 参考文献: the
-- page's in HTML, every entry in the EPUB, the PDF and the contents page.
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

-- Text with its whitespace runs one space, none at the ends.
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
          -- A locator or a note (`, p. 999`) would print beside the number unchecked.
          local extra = pandoc.utils.stringify(c.prefix) .. pandoc.utils.stringify(c.suffix)
          if extra ~= '' then
            problems.add('citation [@' .. c.id .. ']: "' .. extra .. '" beside it is not checked against the source: '
              .. 'cite a stored passage instead ([@entry#passage]; docs/sources.md)')
          end
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

return { {
  Pandoc = function(doc)
    -- A page that cites nothing does not read the bibliography, so an edit of it does not
    -- render that page again.
    local whole_book = is_book or repo.page_key() == 'index'
    if not whole_book and not cites_anything(doc, true) then return doc end
    local refs, ids = bibliography()
    local blocks = pandoc.List()
    for _, block in ipairs(doc.blocks) do blocks:insert(check_block(block, ids)) end
    doc.blocks = blocks
    problems.raise()
    if not whole_book and not cites_anything(doc) then return doc end
    doc.meta.references = refs
    if whole_book then
      doc.meta.nocite = pandoc.MetaInlines { pandoc.Cite({ pandoc.Str('@*') }, { pandoc.Citation('*', 'NormalCitation') }) }
    end
    doc.meta['link-citations'] = true
    doc.blocks:extend(repo.back_matter('参考文献', 'references'))
    doc.blocks:insert(pandoc.Div({}, pandoc.Attr('refs')))
    return doc
  end,
} }
