-- Filter 4: numbered figures and tables, and the prose's references to them.
--
--   ```{#fig:roofline .figure case="02-op-traffic/default-plot" caption="..."}
--   ```
-- is 图 2-1 (the 1st figure of 第 2 章); a prose table whose caption ends
-- with a label,
--   | ... |
--   : 各算子的运算量与访存量 {#tbl:op-costs}
-- is 表 2-1. The caption starts with the number, in HTML, EPUB and PDF alike.
-- The prose refers to them as Pandoc citations: `[@fig:roofline]` becomes a
-- link reading 图 2-1, `[@tbl:op-costs; @fig:roofline]` two of them.
--
-- Numbers come from the chapter heading (第 N 章) and the order of the blocks
-- in book/<chapter>.md, for every chapter of chapters/chapters.list: each HTML page
-- knows every number, so a chapter may refer to another chapter's figure.
-- A reference to no label, a figure or table without a label, a label used
-- twice, or a figure or table outside a chapter fails the render and names it.
-- Tables that a golden block typesets from an output (render="markdown") are
-- outputs, not numbered. A table numbers.lua generates (`::: {.roof-table
-- caption="... {#tbl:name}"}`) is numbered where its div stands.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'

local problems = repo.problems('crossref.lua')
local is_html = FORMAT:match('html') ~= nil

local KINDS = { fig = '图', tbl = '表' }

-- The label at the end of a table caption, e.g. {#tbl:op-costs}: the label and
-- the caption's inlines without it.
local function caption_label(inlines)
  local last = #inlines
  local label = last > 0 and inlines[last].t == 'Str' and inlines[last].text:match('^{#(tbl:[^}%s]+)}$')
  if not label then return nil, inlines end
  local rest = pandoc.List()
  for i = 1, last - 1 do rest:insert(inlines[i]) end
  while #rest > 0 and (rest[#rest].t == 'Space' or rest[#rest].t == 'SoftBreak') do rest:remove() end
  return label, rest
end

local function table_caption_inlines(tbl)
  local long = tbl.caption.long
  if #long == 0 then return pandoc.List() end
  return long[#long].content
end

-- Every label of the book: { [label] = { number = '2-1', key = '02-op-traffic' } }.
local labels
local function scan_book()
  if labels then return labels end
  labels = {}
  for _, c in ipairs(repo.chapters()) do
    local text = repo.read('book/' .. c.key .. '.md')
    if text then
      local chapter, counts = nil, { fig = 0, tbl = 0 }
      local function number(kind, label, what)
        if not chapter then
          problems.add(string.format('%s in book/%s.md comes before its chapter heading (第 N 章)', what, c.key))
          return
        end
        if not label or label:sub(1, #kind + 1) ~= kind .. ':' then
          problems.add(string.format('%s in book/%s.md has no {#%s:...} label', what, c.key, kind))
          return
        end
        if labels[label] then
          problems.add(string.format('label %s is used twice (book/%s.md and book/%s.md)', label, labels[label].key, c.key))
          return
        end
        counts[kind] = counts[kind] + 1
        labels[label] = { number = chapter .. '-' .. counts[kind], key = c.key, kind = kind }
      end
      local function walk(blocks)
        for _, b in ipairs(blocks) do
          if b.t == 'Header' and b.level == 1 then
            chapter = repo.chapter_number(pandoc.utils.stringify(b.content))
            chapter = chapter and tostring(chapter)
          elseif b.t == 'CodeBlock' and b.classes:includes('figure') then
            number('fig', b.identifier ~= '' and b.identifier or nil,
              'the figure ' .. (b.attributes.case or b.attributes.file or ''))
          elseif b.t == 'Table' then
            local label = caption_label(table_caption_inlines(b))
            number('tbl', label, 'a table (caption "' .. pandoc.utils.stringify(table_caption_inlines(b)) .. '")')
          elseif b.t == 'Div' and b.classes:includes('roof-table') then
            -- numbers.lua generates this table; its caption attribute carries the label.
            local caption = b.attributes.caption or ''
            number('tbl', caption:match('{#(tbl:[^}%s]+)}%s*$'), 'the roof table (caption "' .. caption .. '")')
          elseif b.t == 'Div' or b.t == 'BlockQuote' then
            walk(b.content)
          end
        end
      end
      walk(pandoc.read(text, 'markdown+east_asian_line_breaks').blocks)
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
  local label, rest = caption_label(long[#long].content)
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
    scan_book()
    doc = doc:walk { Div = figure_div, Table = numbered_table, Cite = reference }
    problems.raise()
    return doc
  end,
} }
