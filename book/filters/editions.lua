-- The book's editions (docs/editions.md), read from editions/ (scripts/release-edition writes it):
-- `::: colophon :::` becomes the 版权页 (a preview after the last edition says so, never the
-- edition alone), `::: errata :::` the 勘误与变更 list, newest first. The PDF sets that page as an appendix.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local output_ids = require 'output_ids'
local number_anchor = require 'number_anchor'
local summaries = require 'summaries'

local is_latex = FORMAT == 'latex'
local is_html = FORMAT:match('html') ~= nil

-- As scripts/lib/editions.py's unescape: \t, \r, and any other escaped character as itself (\\).
local ESCAPED = { t = '\t', r = '\r' }
local function unescape(field)
  return (field:gsub('\\(.)', function(c) return ESCAPED[c] or c end))
end

local function fields(line)
  local out = {}
  for f in (line .. '\t'):gmatch('([^\t]*)\t') do out[#out + 1] = unescape(f) end
  return out
end

-- A change record and its diff lines (`change`/`diff` lines) appended to list.
local function add_change_line(list, f)
  if f[1] == 'change' then
    list[#list + 1] = { id = f[2], path = f[3], class = f[4], old = f[5], new = f[6], reason = f[7], diff = {} }
  elseif f[1] == 'diff' and #list > 0 then
    table.insert(list[#list].diff, f[2])
  end
end

local function load_edition(n)
  local text = repo.read('editions/edition-' .. n .. '.txt')
  if not text then error('editions.lua: editions/edition-' .. n .. '.txt is missing (editions/latest.txt names edition ' .. n .. ')', 0) end
  local e = { number = n, digests = {}, numbers = {}, changes = {}, outputs = {} }
  for line in text:gmatch('[^\n]+') do
    local f = fields(line)
    if f[1] == 'date' then e.date = f[2]
    elseif f[1] == 'commit' then e.commit = f[2]
    elseif f[1] == 'digest' then table.insert(e.digests, { chapter = f[2], digest = f[3] })
    elseif f[1] == 'number' then e.numbers[f[2] .. '\t' .. f[3]] = { page = f[2], key = f[3], text = f[4] }
    elseif f[1] == 'output' then e.outputs[f[3]] = true
    else add_change_line(e.changes, f) end
  end
  return e
end

local editions_cache
-- Every released edition, oldest first ({} before the first).
local function editions()
  if editions_cache then return editions_cache end
  editions_cache = {}
  local latest = tonumber((repo.read('editions/latest.txt') or ''):match('\nEDITION=(%d+)') or '0')
  for n = 1, latest do editions_cache[n] = load_edition(n) end
  return editions_cache
end

local function pending()
  local list = {}
  for line in (repo.read('editions/pending.txt') or ''):gmatch('[^\n]+') do
    if not line:match('^#') then add_change_line(list, fields(line)) end
  end
  return list
end

-- What a chapter's page binds and quotes (summaries.bound): under book/render.sh its summary.
local function bound(chapter)
  return repo.derive('book/' .. chapter .. '.md', 'bound', summaries.bound, summaries.codecs.bound)
    or { numbers = {}, quoted = {} }
end

-- The numbers the pages bind now, keyed as an edition file keys them (scripts/lib/editions.py's
-- prose_numbers: the span's attributes, plus #k for the k-th span with the same ones).
local function current_numbers()
  local numbers = {}
  for _, c in ipairs(repo.chapters()) do
    local page, key_of = 'book/' .. c.key .. '.md', number_anchor.keyer()
    for order, n in ipairs(bound(c.key).numbers) do
      local key = key_of(n.attrs)
      numbers[page .. '\t' .. key] = { page = page, key = key, text = n.text, anchor = number_anchor.id(c.key, key), order = order }
    end
  end
  return { numbers = numbers }
end

-- What the book holds that edition e did not publish: the changes recorded since (pending.txt)
-- and the outputs it did not have (editions/ids.txt). Either makes the book a preview after e.
local function unreleased(e)
  local new = {}
  for path, id in pairs(output_ids.all()) do
    if not e.outputs[path] then new[#new + 1] = id end
  end
  table.sort(new)
  local waiting = pending()
  return { changes = waiting, new = new, any = #waiting > 0 or #new > 0 }
end

local function preview_label(e)
  return '第 ' .. e.number .. ' 版（' .. e.date .. '）之后的预览版'
end

-- A link to the output's block; just its ID when no page shows it (36's all-constants-plot.svg).
local function output_link(change)
  local chapter, name = change.path:match('^golden/([^/]+)/(.+)%.[^./]+$')
  local inlines = { pandoc.Str('输出'), pandoc.Space(), pandoc.Str(change.id) }
  local quoted, shown = chapter .. '/' .. name, false
  for q in pairs(bound(chapter).quoted) do
    shown = shown or q == quoted or q:sub(1, #quoted + 1) == quoted .. '.'
  end
  if not shown then return pandoc.Span(inlines) end
  return pandoc.Link(inlines, chapter .. '.html#' .. output_ids.anchor(change.id))
end

local function digests_line(edition)
  local inlines = pandoc.List { pandoc.Str('输出摘要：') }
  for i, d in ipairs(edition.digests) do
    if i > 1 then inlines:insert(pandoc.Str('，')) end
    inlines:extend { pandoc.Str(repo.chapter_label(d.chapter)), pandoc.Space(), pandoc.Code(d.digest) }
  end
  return inlines
end

local function change_blocks(change)
  local chapter = change.path:match('^golden/([^/]+)/')
  local blocks = pandoc.List()
  -- The record's reason is a sentence of the page: it ends as one, with 。 unless it has its own.
  local reason, last = change.reason, change.reason:sub(-3)  -- 。！？ are three bytes each
  if last ~= '。' and last ~= '！' and last ~= '？' then reason = reason .. '。' end
  blocks:insert(pandoc.Para { output_link(change), pandoc.Str('（' .. repo.chapter_label(chapter) .. '，'), pandoc.Code(change.path),
    pandoc.Str('）'), pandoc.Space(), pandoc.Strong { pandoc.Str(change.class) }, pandoc.Str('：' .. reason) })
  -- A figure's diff is pages of SVG coordinates no reader can read: how many lines changed instead.
  if change.path:match('%.svg$') then
    local changed = 0
    for _, line in ipairs(change.diff) do
      if line:match('^[-+]') then changed = changed + 1 end
    end
    local link = output_link(change)
    if link.t == 'Link' then
      blocks:insert(pandoc.Para { pandoc.Str('这是一张图：它的 SVG 有 ' .. changed .. ' 行增删，差异不在这里列出；改后的图见'),
        link, pandoc.Str('。') })
    else
      blocks:insert(pandoc.Para { pandoc.Str('这是一张图（书中未收）：它的 SVG 有 ' .. changed .. ' 行增删，差异不在这里列出。') })
    end
    return blocks
  end
  -- Set as an output is (golden): wrapped and sized like one.
  blocks:insert(pandoc.Div({ pandoc.CodeBlock(table.concat(change.diff, '\n'), pandoc.Attr('', { 'output' })) },
    pandoc.Attr('', { 'golden', 'errata-diff' })))
  return blocks
end

-- The numbers of the prose that differ between two editions, keyed alike.
local function changed_numbers(before, after)
  local out = {}
  for k, n in pairs(after.numbers) do
    local old = before.numbers[k]
    if old and old.text ~= n.text then
      out[#out + 1] = { page = n.page, key = n.key, old = old.text, new = n.text, anchor = n.anchor, order = n.order }
    end
  end
  -- In the book's order: by page, then where the page prints it (or by key, for a released edition's).
  table.sort(out, function(a, b)
    if a.page ~= b.page then return a.page < b.page end
    if a.order and b.order then return a.order < b.order end
    return a.key < b.key
  end)
  return out
end

-- A bound number's text as the page sets it: `$...$` is a formula.
local function number_inline(text)
  local formula = text:match('^%$(.+)%$$')
  return formula and pandoc.Math('InlineMath', formula) or pandoc.Str(text)
end

-- The table of changed numbers: 章 | 出处 | 旧值 → 新值, linked to their places; in print a
-- column 页 says the page instead.
local function numbers_table(list)
  local paged = FORMAT == 'latex' and #list > 0 and list[1].anchor ~= nil
  local rows = {}
  for _, n in ipairs(list) do
    local chapter = n.page:match('^book/(.+)%.md$') or n.page
    local src, at = n.key:match('src="([^"]*)"'), n.key:match('at="([^"]*)"')
    local where = { pandoc.Code((src or '') .. (at and ' ' .. at or '')) }
    local nth = n.key:match(' #(%d+)$')  -- the k-th span of the page bound alike
    local nth_text = nth and pandoc.Str('（第 ' .. nth .. ' 处）') or nil
    if n.anchor then where = { pandoc.Link(where, chapter .. '.html#' .. n.anchor) } end
    local row = { { pandoc.Plain { pandoc.Str(repo.chapter_label(chapter)) } } }
    if paged then
      row[#row + 1] = { pandoc.Plain { n.anchor and pandoc.RawInline('latex', '\\pageref{' .. n.anchor .. '}') or pandoc.Str('—') } }
    end
    if nth_text then where[#where + 1] = nth_text end
    row[#row + 1] = { pandoc.Plain(where) }
    row[#row + 1] = { pandoc.Plain { number_inline(n.old), pandoc.Space(), pandoc.Str('→'), pandoc.Space(), number_inline(n.new) } }
    rows[#rows + 1] = row
  end
  local head = { { pandoc.Plain { pandoc.Str('章') } } }
  if paged then head[#head + 1] = { pandoc.Plain { pandoc.Str('页') } } end
  head[#head + 1] = { pandoc.Plain { pandoc.Str('出处') } }
  head[#head + 1] = { pandoc.Plain { pandoc.Str('旧值'), pandoc.Space(), pandoc.Str('→'), pandoc.Space(), pandoc.Str('新值') } }
  local aligns, widths = {}, {}
  for i = 1, #head do aligns[i], widths[i] = pandoc.AlignLeft, 0 end
  return pandoc.utils.from_simple_table(pandoc.SimpleTable({}, aligns, widths, head, rows))
end

local function numbers_blocks(numbers, heading)
  if #numbers == 0 then return {} end
  return { pandoc.Para { pandoc.Str(heading) }, numbers_table(numbers) }
end

local function edition_section(e, before)
  local blocks = pandoc.List()
  blocks:insert(pandoc.Header(3, { pandoc.Str('第 ' .. e.number .. ' 版（' .. e.date .. '）') }, pandoc.Attr('edition-' .. e.number)))
  blocks:insert(pandoc.Para(digests_line(e)))
  blocks:insert(pandoc.Para { pandoc.Str('所据提交：'), pandoc.Code(e.commit:sub(1, 12)) })
  if not before then
    blocks:insert(pandoc.Para { pandoc.Str('这是本书的第一版：还没有任何改动。') })
    return blocks
  end
  if #e.changes == 0 then
    blocks:insert(pandoc.Para { pandoc.Str('与上一版相比，没有输出改动。') })
  end
  for _, c in ipairs(e.changes) do blocks:extend(change_blocks(c)) end
  blocks:extend(numbers_blocks(changed_numbers(before, e), '随之改动的正文数字：'))
  return blocks
end

-- The book between editions, first as the newest: a preview after the last edition.
local function pending_section(e)
  local waiting = unreleased(e)
  local blocks = pandoc.List()
  if not waiting.any then return blocks end
  blocks:insert(pandoc.Header(3, { pandoc.Str(preview_label(e) .. '：尚未发布的改动') }, pandoc.Attr('edition-pending')))
  blocks:insert(pandoc.Para { pandoc.Str('这份书稿是' .. preview_label(e) .. '，不是第 ' .. e.number ..
    ' 版：它比第 ' .. e.number .. ' 版多出下面这些改动，它们将随下一版发布。') })
  for _, c in ipairs(waiting.changes) do blocks:extend(change_blocks(c)) end
  if #waiting.new > 0 then
    blocks:insert(pandoc.Para { pandoc.Str('第 ' .. e.number .. ' 版未收的新输出：输出 ' .. table.concat(waiting.new, '、') .. '。') })
  end
  blocks:extend(numbers_blocks(changed_numbers(e, current_numbers()), '与第 ' .. e.number .. ' 版不同的正文数字：'))
  return blocks
end

local function errata()
  local all = editions()
  local blocks = pandoc.List()
  if #all == 0 then
    blocks:insert(pandoc.Para { pandoc.Str('本书尚未发布第一版。') })
  else
    blocks:extend(pending_section(all[#all]))
  end
  for n = #all, 1, -1 do blocks:extend(edition_section(all[n], all[n - 1])) end
  return pandoc.Div(blocks, pandoc.Attr('', { 'errata' }))
end

local function errata_link(text)
  return pandoc.Link({ pandoc.Str(text) }, is_html and 'errata.html' or '#errata')
end

local function colophon(meta)
  local all = editions()
  local e = all[#all]
  local items = pandoc.List()
  items:insert(pandoc.Plain { pandoc.Str('书名：'), table.unpack(meta.title or { pandoc.Str('') }) })
  local waiting = e and unreleased(e) or { any = false }
  if waiting.any then  -- a preview: the commit and digests are the edition's, not the book's
    items:insert(pandoc.Plain { pandoc.Str('版次：' .. preview_label(e) .. '，含尚未发布的改动') })
    items:insert(pandoc.Plain { pandoc.Str('第 ' .. e.number .. ' 版所据提交：'), pandoc.Code(e.commit:sub(1, 12)) })
    items:insert(pandoc.Plain { pandoc.Str('第 ' .. e.number .. ' 版的'), table.unpack(digests_line(e)) })
  elseif e then
    items:insert(pandoc.Plain { pandoc.Str('版次：第 ' .. e.number .. ' 版，' .. e.date) })
    items:insert(pandoc.Plain { pandoc.Str('所据提交：'), pandoc.Code(e.commit:sub(1, 12)) })
    items:insert(pandoc.Plain(digests_line(e)))
  else
    items:insert(pandoc.Plain { pandoc.Str('版次：尚未发布') })
  end
  local note = pandoc.List { pandoc.Str('各程序的'), pandoc.Space(), pandoc.Code('--version'), pandoc.Space(),
    pandoc.Str('打印它复算的版次和输出摘要；历次改动见'), errata_link('勘误与变更'), pandoc.Str('。') }
  if waiting.any then
    local parts = {}
    if #waiting.changes > 0 then parts[#parts + 1] = #waiting.changes .. ' 段输出的改动' end
    if #waiting.new > 0 then parts[#parts + 1] = #waiting.new .. ' 段新输出' end
    note:extend { pandoc.Str('这份书稿比第 ' .. e.number .. ' 版多出 ' .. table.concat(parts, '、') .. '，尚未发布；正文数字的改动也列在'), errata_link('勘误与变更'), pandoc.Str('。') }
  end
  items:insert(pandoc.Plain(note))
  local list = {}
  for _, i in ipairs(items) do list[#list + 1] = { i } end
  return pandoc.Div({ pandoc.Header(2, { pandoc.Str('版权页') }, pandoc.Attr('colophon')), pandoc.BulletList(list) },
    pandoc.Attr('', { 'colophon' }))
end

return { {
  Pandoc = function(doc)
    local out = pandoc.List()
    for _, b in ipairs(doc.blocks) do
      if b.t == 'Div' and b.classes:includes('colophon') then
        out:insert(colophon(doc.meta))
      elseif b.t == 'Div' and b.classes:includes('errata') then
        out:insert(errata())
      else
        if is_latex and b.t == 'Header' and b.level == 1 and b.identifier == 'errata' then
          out:insert(pandoc.RawBlock('latex', '\\appendix'))
        end
        out:insert(b)
      end
    end
    doc.blocks = out
    return doc
  end,
} }
