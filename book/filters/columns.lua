-- Filter: the HTML pages' outputs and code excerpts say how wide they are.
--
-- Each golden block and excerpt (the divs golden.lua and excerpt.lua make) gets
-- style="--cols: N": its widest line in terminal columns, a Chinese character
-- (East Asian Width W or F) two, anything else one. book/html/page.css sets
-- the block's width and font size from it, so that the widest line shows whole
-- from a laptop's width up (book/output-widths measures it in Chromium).
-- The EPUB and the PDF wrap their lines at a fixed width instead (paged.lua, print.lua).
if not FORMAT:match('html') or FORMAT:match('epub') then return {} end

-- The wide ranges of Unicode's East Asian Width (W and F), those a book in Chinese can hold.
local WIDE = {
  { 0x1100, 0x115F }, { 0x2E80, 0x303E }, { 0x3041, 0x33FF }, { 0x3400, 0x4DBF },
  { 0x4E00, 0x9FFF }, { 0xA000, 0xA4CF }, { 0xAC00, 0xD7A3 }, { 0xF900, 0xFAFF },
  { 0xFE30, 0xFE4F }, { 0xFF00, 0xFF60 }, { 0xFFE0, 0xFFE6 }, { 0x20000, 0x3FFFD },
}

local function char_columns(code)
  for _, range in ipairs(WIDE) do
    if code >= range[1] and code <= range[2] then return 2 end
  end
  return 1
end

-- The widest line of TEXT in columns (tabs as the <pre>'s tab-size, 8).
local function widest(text)
  local most = 0
  for line in (text .. '\n'):gmatch('([^\n]*)\n') do
    local cols = 0
    for _, code in utf8.codes(line) do
      if code == 9 then cols = cols + 8 - cols % 8 else cols = cols + char_columns(code) end
    end
    if cols > most then most = cols end
  end
  return most
end

function Div(div)
  if not (div.classes:includes('golden') or div.classes:includes('excerpt')) then return nil end
  local most = 0
  for _, block in ipairs(div.content) do
    if block.t == 'CodeBlock' then most = math.max(most, widest(block.text)) end
  end
  if most == 0 then return nil end
  div.attributes.style = '--cols: ' .. most
  return div
end
