-- Filter 4: figures and tables numbered per chapter (图 2-1, 表 28-1) and the prose's references
-- to them, `[@fig:roofline]`, `[@tbl:op-costs; @fig:roofline]` (CONTRIBUTING.md, "Figures, tables
-- and references to them"). The numbers come from every page's summary (summaries.numbered), so
-- a page may refer to another chapter's figure.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local summaries = require 'summaries'

local problems = repo.problems('crossref.lua')
local is_html = FORMAT:match('html') ~= nil

local KINDS = { fig = '图', tbl = '表' }

-- Every label of the book: { [label] = { number = '2-1', key = '02-op-traffic', kind = 'fig' } }.
local labels
local function scan_book()
  if labels then return labels end
  labels = {}
  for _, c in ipairs(repo.chapters()) do
    local counts = { fig = 0, tbl = 0 }
    for _, e in ipairs(repo.derive('book/' .. c.key .. '.md', 'numbered', summaries.numbered,
      summaries.codecs.numbered) or {}) do
      if not e.chapter then
        problems.add(string.format('%s in book/%s.md comes before its chapter heading (第 N 章)', e.what, c.key))
      elseif not e.label or e.label:sub(1, #e.kind + 1) ~= e.kind .. ':' then
        problems.add(string.format('%s in book/%s.md has no {#%s:...} label', e.what, c.key, e.kind))
      elseif labels[e.label] then
        problems.add(string.format('label %s is used twice (book/%s.md and book/%s.md)', e.label, labels[e.label].key, c.key))
      else
        counts[e.kind] = counts[e.kind] + 1
        labels[e.label] = { number = e.chapter .. '-' .. counts[e.kind], key = c.key, kind = e.kind }
      end
    end
  end
  return labels
end

-- The page being rendered, for HTML (one chapter per page); nil for a book.
local function current_key()
  return is_html and repo.page_key() or nil
end

local function name_of(label)
  local entry = scan_book()[label]
  return KINDS[entry.kind] .. '\u{A0}' .. entry.number  -- no line break inside
end

local function target_of(label)
  local entry = scan_book()[label]
  local key = current_key()
  if key and key ~= entry.key then return entry.key .. '.html#' .. label end
  return '#' .. label
end

-- 图 2-1 + ideographic space, before a caption's inlines.
local function numbered(label, inlines)
  local out = pandoc.List { pandoc.Strong { pandoc.Str(name_of(label)) }, pandoc.Str('　') }
  out:extend(inlines)
  return out
end

local function figure_div(div)
  if not div.classes:includes('figure') then return nil end
  local label = div.identifier
  if not scan_book()[label] then
    problems.add('figure ' .. (div.attributes['data-source'] or '?') .. ' has no {#fig:...} label, or its page is not in chapters/chapters.list')
    return nil
  end
  local caption = div.content[#div.content]
  if caption and caption.t == 'Para' then
    caption.content = numbered(label, caption.content)
  end
  return div
end

local function numbered_table(tbl)
  local long = tbl.caption.long
  if #long == 0 then return nil end
  local label, rest = summaries.caption_label(long[#long].content)
  if not label then return nil end
  if not scan_book()[label] then
    problems.add('table label ' .. label .. ' is not on a page of chapters/chapters.list')
    return nil
  end
  long[#long] = pandoc.Plain(numbered(label, rest))
  tbl.caption.long = long
  tbl.identifier = label
  -- The LaTeX writer drops a table's id: an anchor before it takes the link.
  if FORMAT == 'latex' then
    return { pandoc.RawBlock('latex', '\\hypertarget{' .. label .. '}{}'), tbl }
  end
  return tbl
end

local function reference(cite)
  local links = pandoc.List()
  local any = false
  for i, c in ipairs(cite.citations) do
    local kind = c.id:match('^(%a+):')
    if KINDS[kind] then
      any = true
      if not scan_book()[c.id] then
        problems.add('unresolved reference [@' .. c.id .. ']: no figure or table has that label')
      else
        if i > 1 then links:insert(pandoc.Str('、')) end
        links:insert(pandoc.Link({ pandoc.Str(name_of(c.id)) }, target_of(c.id), '', pandoc.Attr('', { 'xref' })))
      end
    end
  end
  if any then return links end
  return nil
end

return { {
  Pandoc = function(doc)
    repo.own_from(doc.meta)
    scan_book()
    doc = doc:walk { Div = figure_div, Table = numbered_table, Cite = reference }
    problems.raise()
    return doc
  end,
} }
