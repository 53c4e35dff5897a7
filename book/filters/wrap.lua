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

-- The first `limit` columns of a line and the rest: broken at the last run
-- of spaces that leaves the first part within the limit (the spaces go),
-- else after the last `/`, else at the limit. The filters break the lines
-- themselves: xeCJK gives no break at a space between Chinese characters in
-- verbatim text, and a browser's wrapping marks no continuation.
local function split_line(line, limit)
  local chars = {}
  for _, cp in utf8.codes(line) do chars[#chars + 1] = utf8.char(cp) end
  local width, fit = 0, 0
  for i, c in ipairs(chars) do
    width = width + M.columns(c)
    if width > limit then break end
    fit = i
  end
  local cut, skip
  for i = fit, 2, -1 do
    if chars[i + 1] == ' ' and chars[i] ~= ' ' then cut = i break end
  end
  if not cut then
    for i = fit, 2, -1 do
      if chars[i] == '/' then cut = i break end
    end
  end
  cut = cut or math.max(fit, 1)
  skip = cut + 1
  while chars[skip] == ' ' do skip = skip + 1 end
  return table.concat(chars, '', 1, cut), table.concat(chars, '', skip)
end

-- Every line wider than `limit` columns wrapped; each continuation starts
-- with the mark ↪ (book/tests/check_pdf.py joins them back). A rule line is
-- cut to `limit` instead.
local WRAP_MARK = '↪ '
function M.wrap_lines(text, limit)
  local out = {}
  for line in (text .. '\n'):gmatch('(.-)\n') do
    -- A rule (one character repeated: ====, ----) is drawn to the width
    -- instead: its continuation would read as a line of its own.
    local rule = line:match('^[=%-_~*#]')
    if rule and #line > limit and line == rule:rep(#line) then line = rule:rep(limit) end
    local room = limit
    while M.columns(line) > room do
      local first, rest = split_line(line, room)
      out[#out + 1] = first
      line = WRAP_MARK .. rest
      room = limit
    end
    out[#out + 1] = line
  end
  return table.concat(out, '\n')
end


return M
