-- Shared by print.lua and paged.lua: the width of a line of a golden output
-- or code in columns, and its lines wrapped to a width with the mark ↪.
local M = {}

-- Code points xeCJK typesets as CJK (two columns in verbatim text).
local WIDE = {
  { 0x1100, 0x115F }, { 0x2E80, 0x303E }, { 0x3041, 0x33FF }, { 0x3400, 0x4DBF },
  { 0x4E00, 0x9FFF }, { 0xA000, 0xA4CF }, { 0xAC00, 0xD7A3 }, { 0xF900, 0xFAFF },
  { 0xFE30, 0xFE4F }, { 0xFF00, 0xFF60 }, { 0xFFE0, 0xFFE6 },
}

function M.columns(line)
  local w = 0
  for _, cp in utf8.codes(line) do
    local wide = false
    for _, r in ipairs(WIDE) do
      if cp >= r[1] and cp <= r[2] then wide = true break end
    end
    w = w + (wide and 2 or 1)
  end
  return w
end

local function chars_of(line)
  local chars = {}
  for _, cp in utf8.codes(line) do chars[#chars + 1] = utf8.char(cp) end
  return chars
end

-- A number and its unit (`188.5 us`, `0.58 F/B`) stay together.
local function number_then_unit(before, after)
  return before:match('[%d.]+$') ~= nil and before:match('[%a_]') == nil and after:match("^[%a/%%µ]") ~= nil
end

-- How many words the cell around chars[i] (a space) holds, between runs of two or more spaces.
local function cell_words(chars, i)
  local from, to = i, i
  while from > 1 and not (chars[from - 1] == ' ' and chars[from - 2] == ' ') do from = from - 1 end
  while to < #chars and not (chars[to + 1] == ' ' and chars[to + 2] == ' ') do to = to + 1 end
  local n = 0
  for _ in table.concat(chars, '', from, to):gmatch('%S+') do n = n + 1 end
  return n
end

-- A cell of at most WORD_GROUP words (`137.439 us`, `same verdict`, `not
-- calibrated`) is read as one: a line breaks inside it only if it must.
local WORD_GROUP = 3

-- A line cut within `limit` columns, when no column gap of its block serves: after the last run
-- of padding; else at the last single space neither inside a word group nor between a number and
-- its unit; else at the last space; else after the last `/`; else at the limit. Returns the first
-- part, the rest and the rest's indent.
local function split_line(line, limit)
  local chars = chars_of(line)
  local width, fit = 0, 0
  for i, c in ipairs(chars) do
    width = width + M.columns(c)
    if width > limit then break end
    fit = i
  end
  local cut
  -- A gap less than half the width in (a `key   : value` line's) is no place to break.
  for i = fit, 2, -1 do
    if M.columns(table.concat(chars, '', 1, i)) < limit // 2 then break end
    if chars[i] ~= ' ' and chars[i + 1] == ' ' and chars[i + 2] == ' ' then cut = i break end
  end
  local in_cell = not cut
  -- The last place from fit back where ok(i) holds, or nil.
  local function last_where(ok)
    for i = fit, 2, -1 do
      if ok(i) then return i end
    end
  end
  cut = cut or last_where(function(i)
    if chars[i] == ' ' or chars[i + 1] ~= ' ' or chars[i + 2] == ' ' then return false end
    local before = table.concat(chars, '', 1, i):match('(%S+)$')
    local after = table.concat(chars, '', i + 2):match('^(%S+)') or ''
    return cell_words(chars, i + 1) > WORD_GROUP and not number_then_unit(before, after)
  end)
    or last_where(function(i) return chars[i] ~= ' ' and chars[i + 1] == ' ' end)
    or last_where(function(i) return chars[i] == '/' end)
    or math.max(fit, 1)
  local skip = cut + 1
  while chars[skip] == ' ' do skip = skip + 1 end
  -- A cut at a space keeps one before the rest (`↪ calibration`), a cut in a word none (`↪20260930`).
  local space = skip > cut + 1 and ' ' or ''
  -- Broken inside a cell: the continuation goes under the cell's start (after a `: `).
  local indent = 0
  if in_cell then
    local from = cut
    while from > 1 and not (chars[from - 1] == ' ' and chars[from - 2] == ' ') do from = from - 1 end
    if chars[from] == ':' and chars[from + 1] == ' ' then from = from + 2 end
    indent = M.columns(table.concat(chars, '', 1, from - 1))
  end
  return table.concat(chars, '', 1, cut), space .. table.concat(chars, '', skip), indent
end

-- A continuation: the mark ↪ and the rest, `indent` columns in when it fits.
local WRAP_MARK = '↪'
local function continuation(rest, indent, limit)
  if indent > 0 and indent + M.columns(WRAP_MARK .. rest) <= limit then
    return string.rep(' ', indent) .. WRAP_MARK .. rest
  end
  return WRAP_MARK .. rest
end

-- The line cut at column `col`: the part before it (trailing spaces dropped) and the rest.
local function cut_at_column(line, col)
  local chars, width = chars_of(line), 0
  for i, c in ipairs(chars) do
    if width >= col then
      return (table.concat(chars, '', 1, i - 1):gsub(' +$', '')), table.concat(chars, '', i)
    end
    width = width + M.columns(c)
  end
  return line, ''
end

-- Whether columns col-2 and col-1 of the line are both spaces (padding: a place to cut).
local function gap_before(line, col)
  local width, seen = 0, 0
  for _, cp in utf8.codes(line) do
    local w = M.columns(utf8.char(cp))
    if width >= col - 2 and width < col then
      if cp ~= 32 then return false end
      seen = seen + 1
    end
    width = width + w
    if width >= col then break end
  end
  return seen == 2
end

-- The widest column within the limit where every row has a gap just before it, or nil: the rows
-- of a table cut there keep their columns aligned in their continuations.
local function common_gap(rows, limit)
  for col = limit, math.max(3, limit // 2), -1 do
    local all = true
    for _, row in ipairs(rows) do
      if not gap_before(row, col) then all = false break end
    end
    if all then return col end
  end
  return nil
end

-- A rule (one character repeated: ====, ----): drawn to the width instead of wrapped, as its
-- continuation would read as a line of its own.
local function is_rule(line)
  local rule = line:match('^[=%-_~*#]')
  return rule and line == rule:rep(#line) and rule or nil
end

-- Every line of a block wider than `limit` columns wrapped, each continuation starting with ↪
-- (book/tests/check_pdf.py joins them back): the wide rows of a table cut at one column, their
-- continuations keeping the columns' alignment; any other line as split_line says.
function M.wrap_lines(text, limit)
  local lines = {}
  for line in (text .. '\n'):gmatch('(.-)\n') do
    local rule = is_rule(line)
    if rule and #line > limit then line = rule:rep(limit) end
    lines[#lines + 1] = { line }
  end
  -- Rounds: each cuts the last piece of every line still too wide; a run of such lines with
  -- padding (a table) is cut together.
  local function padded(text) return text:find('%S  +%S') ~= nil end
  local function last(n) local pieces = lines[n] return pieces[#pieces] end
  local function replace_last(n, first, rest)
    local pieces = lines[n]
    pieces[#pieces] = first
    pieces[#pieces + 1] = rest
  end
  while true do
    local wide = {}
    for n = 1, #lines do wide[n] = M.columns(last(n)) > limit end
    local any = false
    local n = 1
    while n <= #lines do
      if not wide[n] then
        n = n + 1
      elseif not padded(last(n)) then
        local first, rest, indent = split_line(last(n), limit)
        replace_last(n, first, continuation(rest, indent, limit))
        any, n = true, n + 1
      else
        local group, rows = {}, {}
        while n <= #lines and wide[n] and padded(last(n)) do
          group[#group + 1], rows[#rows + 1] = n, last(n)
          n = n + 1
        end
        local col = common_gap(rows, limit)
        local shared, cuts = math.huge, {}
        for k, m in ipairs(group) do
          if col then
            local first, rest = cut_at_column(rows[k], col)
            shared = math.min(shared, #rest:match('^ *'))
            cuts[k] = { first, rest }
          else
            local first, rest, indent = split_line(rows[k], limit)
            cuts[k] = { first, continuation(rest, indent, limit) }
          end
        end
        for k, m in ipairs(group) do
          replace_last(m, cuts[k][1], col and WRAP_MARK .. ' ' .. cuts[k][2]:sub(shared + 1) or cuts[k][2])
        end
        any = true
      end
    end
    if not any then break end
  end
  local out = {}
  for _, pieces in ipairs(lines) do
    for _, piece in ipairs(pieces) do out[#out + 1] = piece end
  end
  return table.concat(out, '\n')
end

return M
