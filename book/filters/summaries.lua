-- What a page tells the other pages, taken from its Markdown:
--   outline(text)   its chapter title and sections (every page's contents: page.lua);
--   numbered(text)  its figures and tables in order, each under the chapter heading (第 N 章)
--                   it follows (their numbers, 图 2-1, on every page: crossref.lua);
--   bound(text)     its bound numbers ([text]{.n ...}, in order) and the golden files it quotes
--                   ("28-op-ledger/default"): what 勘误与变更 tells of it (editions.lua).
-- Each returns the value and the value as text. Filters take them through repo.derive.
local repo = require 'repo'

local M = {}

-- The label at the end of a table caption ({#tbl:op-costs}), and the caption's inlines without it.
function M.caption_label(inlines)
  local last = #inlines
  local label = last > 0 and inlines[last].t == 'Str' and inlines[last].text:match('^{#(tbl:[^}%s]+)}$')
  if not label then return nil, inlines end
  local rest = pandoc.List()
  for i = 1, last - 1 do rest:insert(inlines[i]) end
  while #rest > 0 and (rest[#rest].t == 'Space' or rest[#rest].t == 'SoftBreak') do rest:remove() end
  return label, rest
end

function M.table_caption_inlines(tbl)
  local long = tbl.caption.long
  if #long == 0 then return pandoc.List() end
  return long[#long].content
end

-- The outline of a page's blocks, and its headings (what outline writes as its text).
function M.outline_of(blocks)
  local info, headers = { sections = {} }, pandoc.List()
  for _, b in ipairs(blocks) do
    if b.t == 'Header' and b.level == 1 and not info.title then
      info.title, info.id = b.content, b.identifier
      headers:insert(b)
    elseif b.t == 'Header' and b.level == 2 then
      table.insert(info.sections, { title = b.content, id = b.identifier })
      headers:insert(b)
    end
  end
  return info, headers
end

-- numbered's entries as text: one tab-separated line each.
function M.numbered_text(entries)
  local lines = {}
  for i, e in ipairs(entries) do
    lines[i] = table.concat({ e.chapter or '', e.kind, e.label or '', e.what }, '\t')
  end
  return table.concat(lines, '\n')
end

-- { title = inlines, id = heading id, sections = { {title =, id =}, ... } }.
function M.outline(text) return M.outline_blocks(pandoc.read(text, 'markdown+east_asian_line_breaks').blocks) end
function M.outline_blocks(blocks)
  local info, headers = M.outline_of(blocks)
  return info, pandoc.write(pandoc.Pandoc(headers), 'native')
end

-- { {chapter = '2' or nil, kind = 'fig' | 'tbl', label = 'fig:...' or nil, what = '...'}, ... }
function M.numbered(text) return M.numbered_of(pandoc.read(text, 'markdown+east_asian_line_breaks').blocks) end
function M.numbered_of(blocks)
  local entries, chapter_number = {}, nil
  local function add(kind, label, what)
    entries[#entries + 1] = { chapter = chapter_number, kind = kind, label = label, what = what }
  end
  local function walk(blocks)
    for _, b in ipairs(blocks) do
      if b.t == 'Header' and b.level == 1 then
        local n = repo.chapter_number(pandoc.utils.stringify(b.content))
        chapter_number = n and tostring(n)
      elseif b.t == 'CodeBlock' and b.classes:includes('figure') then
        add('fig', b.identifier ~= '' and b.identifier or nil, 'the figure ' .. (b.attributes.case or b.attributes.file or ''))
      elseif b.t == 'CodeBlock' and b.classes:includes('golden') and b.attributes['table-caption'] then
        local caption = b.attributes['table-caption']
        add('tbl', caption:match('{#(tbl:[^}%s]+)}%s*$'), 'the typeset output (caption "' .. caption .. '")')
      elseif b.t == 'Table' then
        local label = M.caption_label(M.table_caption_inlines(b))
        add('tbl', label, 'a table (caption "' .. pandoc.utils.stringify(M.table_caption_inlines(b)) .. '")')
      elseif b.t == 'Div' and b.classes:includes('roof-table') then
        local caption = b.attributes.caption or ''
        add('tbl', caption:match('{#(tbl:[^}%s]+)}%s*$'), 'the roof table (caption "' .. caption .. '")')
      elseif b.t == 'Div' or b.t == 'BlockQuote' then
        walk(b.content)
      end
    end
  end
  walk(blocks)
  return entries, M.numbered_text(entries)
end

-- What the page being rendered tells of itself, from its blocks as Pandoc read them (repo.keep_own).
M.from_blocks = { outline = M.outline_blocks, numbered = M.numbered_of }

-- The part of a source line Pandoc reads as Markdown spans: a `[..]{.n ...}` in an HTML comment,
-- a fenced code block or a code span is no span, and counting it put every later span at the
-- place of the one before. `state` carries an open comment or fence to the next line.
function M.span_text(text, state)
  if state.fence then
    if text:match('^%s*' .. state.fence) then state.fence = nil end
    return ''
  end
  local fence = not state.comment and (text:match('^%s*(```+)') or text:match('^%s*(~~~+)'))
  if fence then
    state.fence = fence
    return ''
  end
  local out, i = {}, 1
  while i <= #text do
    local mark = state.comment and '-->' or '<!--'
    local at = text:find(mark, i, true)
    if not state.comment then out[#out + 1] = text:sub(i, at and at - 1 or #text) end
    if not at then break end
    state.comment, i = not state.comment, at + #mark
  end
  return (table.concat(out):gsub('`[^`]*`', ''))
end

-- { numbers = { {text =, attrs =}, ... }, quoted = { ['28-op-ledger/default'] = true, ... } }: the numbers
-- in the order numbers.lua binds them (span_text), the golden files from the whole text.
function M.bound(text)
  local value, state = { numbers = {}, quoted = {} }, {}
  for line in (text .. '\n'):gmatch('([^\n]*)\n') do
    for number, attrs in M.span_text(line, state):gmatch('%[([^%[%]]+)%]{%.n ([^}]*)}') do
      value.numbers[#value.numbers + 1] = { text = number, attrs = attrs }
    end
  end
  for quoted in text:gmatch('"(%d%d%-[%w%-]+/[^"\n]+)"') do value.quoted[quoted] = true end
  return value, M.bound_text(value)
end

function M.bound_text(value)
  local lines = {}
  for _, n in ipairs(value.numbers) do lines[#lines + 1] = n.text .. '\t' .. n.attrs end
  local quoted = {}
  for q in pairs(value.quoted) do quoted[#quoted + 1] = q end
  table.sort(quoted)
  for _, q in ipairs(quoted) do lines[#lines + 1] = '"' .. q .. '"' end
  return table.concat(lines, '\n')
end

-- A value as the Lua source that loads it back, its keys sorted: the same value, the same text.
local function lua_source(v)
  if type(v) ~= 'table' then return string.format('%q', v) end
  local keys, out = {}, {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do out[#out + 1] = '[' .. lua_source(k) .. ']=' .. lua_source(v[k]) end
  return '{' .. table.concat(out, ',\n') .. '}'
end

-- A summary held as the Lua source of its value; as_text(value) is what a read of it logs.
local function lua_codec(as_text)
  return {
    encode = function(value) return 'return ' .. lua_source(value) end,
    decode = function(stored)
      local value = assert(load(stored, 'summary', 't', {}))()
      return value, as_text(value)
    end,
  }
end

-- How a summary file holds each kind: outline as its headings in Pandoc's native form, the others
-- as the Lua source of the value.
M.codecs = {
  outline = {
    encode = function(_, as_text) return as_text end,
    decode = function(stored) return (M.outline_of(pandoc.read(stored, 'native').blocks)), stored end,
  },
  numbered = lua_codec(M.numbered_text),
  bound = lua_codec(M.bound_text),
}

return M
