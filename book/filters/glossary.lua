-- The reader's 术语表 (中英对照), made from book/terms.txt, the data the style test reads
-- (book/tests/check_style.py): each term, its English, a note and the chapter that defines it.
--   HTML: a section at the end of the index page (关于本书);
--   EPUB, PDF: the book's appendix, after the last chapter.
-- terms.txt is read through repo.read, so an edit renders again the pages that show it.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'

local TERMS = 'book/terms.txt'
local is_book = FORMAT:match('epub') ~= nil or FORMAT == 'latex'

-- The records of terms.txt (its header explains them), in order.
local function terms()
  local text = repo.read(TERMS)
  if not text then error('glossary.lua: cannot read ' .. TERMS, 0) end
  local out, current = {}, nil
  for number, line in ipairs(repo.lines(text)) do
    if line:match('^%s*$') then
      current = nil
    elseif not line:match('^#') then
      local key, value = line:match('^(%a+):%s*(.-)%s*$')
      if not key then error(string.format('glossary.lua: %s:%d: expected `field: value`', TERMS, number), 0) end
      if not current then current = { line = number }; out[#out + 1] = current end
      current[key] = value
    end
  end
  return out
end

-- One item a term: **术语**（English）：note。见第 N 章。 A list, not a table: it breaks across
-- print pages and fits a phone's width.
local function glossary()
  local items = {}
  for _, t in ipairs(terms()) do
    local chapter = repo.chapter(t.defined or '')
    if not chapter then
      error(string.format('glossary.lua: %s:%d: defined: %s is not a chapter of chapters/chapters.list',
        TERMS, t.line, tostring(t.defined)), 0)
    end
    local number = tonumber(chapter.key:match('^(%d+)'))
    local inlines = pandoc.List { pandoc.Strong { pandoc.Str(t.term) }, pandoc.Str('（' .. t.en .. '）') }
    if t.note and t.note ~= '' then inlines:insert(pandoc.Str('：' .. t.note .. '。')) else inlines:insert(pandoc.Str('。')) end
    inlines:insert(pandoc.Str('见'))
    inlines:insert(pandoc.Link({ pandoc.Str('第 ' .. number .. ' 章') }, chapter.key .. '.html'))
    inlines:insert(pandoc.Str('。'))
    items[#items + 1] = { pandoc.Plain(inlines) }
  end
  local blocks = {
    pandoc.Header(is_book and 1 or 2, { pandoc.Str('术语表') }, pandoc.Attr('glossary', { 'unnumbered' })),
  }
  -- The print edition's running header names the appendix, not the last chapter's section.
  if FORMAT == 'latex' then blocks[#blocks + 1] = pandoc.RawBlock('latex', '\\markboth{术语表}{术语表}') end
  blocks[#blocks + 1] = pandoc.Para { pandoc.Str('书中每个概念只用一个词。下面是这些词、它们的英文和定义它们的章。') }
  blocks[#blocks + 1] = pandoc.BulletList(items)
  return blocks
end

return { {
  Pandoc = function(doc)
    local page = repo.page_key()
    if not (is_book or page == 'index') then return nil end
    doc.blocks:extend(glossary())
    return doc
  end,
} }
