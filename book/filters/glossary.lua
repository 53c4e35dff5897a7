-- The reader's 术语表 (中英对照), made from book/terms.txt, the data the style test reads: a section
-- at the end of the index page in HTML, the book's appendix in the EPUB and the PDF.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'

local TERMS = 'book/terms.txt'
local is_book = FORMAT:match('epub') ~= nil or FORMAT == 'latex'

-- The records of terms.txt (its header explains them).
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

-- The 术语表's order: by 汉语拼音 (a term's `pinyin:`), a term in Latin letters by its letters,
-- case ignored, in one sequence.
local function sort_key(t)
  if t.term:match('^[%w%s%-]') then return t.term:lower() end
  if not t.pinyin or t.pinyin == '' then
    error(string.format('glossary.lua: %s:%d: %s starts with a Chinese character: it needs `pinyin:` (its order in the 术语表)',
      TERMS, t.line, t.term), 0)
  end
  return t.pinyin:lower()
end

-- HTML: the anchor `term-<first form>` at the first block of its chapter that holds the term's
-- first form (before 、, without a （…）).
local function first_form(t) return (t.term:gsub('、.*$', ''):gsub('（.-）', '')) end
local function anchor_id(t) return 'term-' .. first_form(t):gsub('%s+', '-') end

-- A block's text, taken once: every term reads the blocks again (an anchor adds no text).
local text_of = setmetatable({}, { __mode = 'k' })
local function text(b)
  if not text_of[b] then text_of[b] = pandoc.utils.stringify(b) end
  return text_of[b]
end

local function place_anchor(blocks, form, id)
  for k, b in ipairs(blocks) do
    if b.t == 'Header' and b.level > 1 and text(b):find(form, 1, true) then
      -- Before the heading, not in it: the page's 本章内容 copies a heading's inlines, id and all.
      blocks:insert(k, pandoc.Div({}, pandoc.Attr(id, { 'term-anchor' })))
      return true
    elseif (b.t == 'Para' or b.t == 'Plain') and text(b):find(form, 1, true) then
      local anchor = pandoc.Span({}, pandoc.Attr(id, { 'term-anchor' }))
      -- Where the form starts (it may run over spaces, or sit in emphasis): a Str is split there,
      -- anything else gets the anchor before it.
      local texts = {}
      for i, x in ipairs(b.content) do texts[i] = pandoc.utils.stringify(x) end
      local first, before = table.concat(texts):find(form, 1, true) or math.huge, 0
      for i, x in ipairs(b.content) do
        local at = first - before
        before = before + #texts[i]
        if at <= #texts[i] then
          if x.t == 'Str' and at > 1 then
            b.content[i] = pandoc.Str(x.text:sub(at))
            b.content:insert(i, anchor)
            b.content:insert(i, pandoc.Str(x.text:sub(1, at - 1)))
          else
            b.content:insert(i, anchor)
          end
          return true
        end
      end
    elseif b.t == 'BlockQuote' or b.t == 'Div' then
      if place_anchor(b.content, form, id) then return true end
    elseif b.t == 'BulletList' or b.t == 'OrderedList' then
      for _, item in ipairs(b.content) do
        if place_anchor(item, form, id) then return true end
      end
    end
  end
  return false
end

-- A chapter page: an anchor at the first use of each term it defines; a term it never uses fails.
local function anchor_terms(doc, page)
  for _, t in ipairs(terms()) do
    if t.defined == page and not place_anchor(doc.blocks, first_form(t), anchor_id(t)) then
      error(string.format('glossary.lua: %s:%d: %s is defined by book/%s.md, which never writes "%s" in its prose',
        TERMS, t.line, t.term, page, first_form(t)), 0)
    end
  end
end

-- One item a term: **术语**（English）：definition。见第 N 章. A list, not a table: it breaks across
-- print pages and fits a phone's width.
local function glossary()
  local items = {}
  local sorted = terms()
  for _, t in ipairs(sorted) do t.key = sort_key(t) end
  table.sort(sorted, function(a, b) return a.key < b.key end)
  for _, t in ipairs(sorted) do
    local chapter = repo.chapter(t.defined or '')
    if not chapter then
      error(string.format('glossary.lua: %s:%d: defined: %s is not a chapter of chapters/chapters.list',
        TERMS, t.line, tostring(t.defined)), 0)
    end
    local inlines = pandoc.List { pandoc.Strong { pandoc.Str(t.term) }, pandoc.Str('（' .. t.en .. '）') }
    if t.note and t.note ~= '' then inlines:insert(pandoc.Str('：' .. t.note .. '。')) else inlines:insert(pandoc.Str('。')) end
    inlines:insert(pandoc.Str('见'))
    inlines:insert(pandoc.Link({ pandoc.Str(repo.chapter_label(chapter.key)) }, chapter.key .. '.html' .. (is_book and '' or '#' .. anchor_id(t))))
    inlines:insert(pandoc.Str('。'))
    items[#items + 1] = { pandoc.Plain(inlines) }
  end
  local blocks = repo.back_matter('术语表', 'glossary')
  blocks[#blocks + 1] = pandoc.Para { pandoc.Str('书中每个概念只用一个词。下面是这些词、它们的英文、定义和定义它们的章，按汉语拼音排序（拉丁字母的词按字母与拼音混排）。') }
  blocks[#blocks + 1] = pandoc.BulletList(items)
  return blocks
end

return { {
  Pandoc = function(doc)
    local page = repo.page_key()
    if not is_book and page and repo.chapter(page) then
      anchor_terms(doc, page)
      return doc
    end
    if not (is_book or page == 'index') then return nil end
    doc.blocks:extend(glossary())
    return doc
  end,
} }
