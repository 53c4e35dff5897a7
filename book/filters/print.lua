-- Filter 5 (LaTeX only): the print edition's blocks, for book/print/book.latex.
--
--   * A chapter heading `第 N 章　标题` becomes \chapter{标题} numbered N
--     (ctexbook prints 第 N 章 itself); 目录 and the main matter start
--     before the first one.
--   * The index page's `::: chapter-toc` and its heading go: the PDF has 目录.
--   * A golden block's command and output become GoldenCommand/GoldenOutput
--     verbatim blocks, set at the size at which the block's widest line fits
--     the text width; if that is below the template's minimum, at the size
--     at which all but its few widest lines fit (never below the minimum),
--     and a line still too wide wraps at a space with ↪ (fvextra). Widths
--     count a Chinese character as two columns, as it is typeset.
--   * A long output (`.scroll`, the JSON cases) is printed as its first
--     PRINT_EXCERPT_LINES lines; the caption under it names the golden file
--     and says how many lines were left out.
--     book/tests/check_pdf.py reads this number from here.
local PRINT_EXCERPT_LINES = 40

if FORMAT ~= 'latex' then return {} end

package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'

-- Code points xeCJK typesets as CJK (two columns in verbatim text).
local WIDE = {
  { 0x1100, 0x115F }, { 0x2E80, 0x303E }, { 0x3041, 0x33FF }, { 0x3400, 0x4DBF },
  { 0x4E00, 0x9FFF }, { 0xA000, 0xA4CF }, { 0xAC00, 0xD7A3 }, { 0xF900, 0xFAFF },
  { 0xFE30, 0xFE4F }, { 0xFF00, 0xFF60 }, { 0xFFE0, 0xFFE6 },
}

local function columns(line)
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

-- The widths to size a block for (\goldensize in book.latex): its widest
-- line, and the widest of all but the few widest (at most WRAPPED_LINES, at
-- most a tenth of the block), which wrap if the block must be wrapped anyway.
local WRAPPED_LINES = 3
local function block_widths(text)
  local widths = {}
  for line in (text .. '\n'):gmatch('(.-)\n') do widths[#widths + 1] = columns(line) end
  table.sort(widths, function(a, b) return a > b end)
  local skip = math.min(WRAPPED_LINES, #widths // 10)
  return { widths[1] or 1, widths[skip + 1] or 1 }
end

local function verbatim(env, text, widths)
  if text:match('\\end{' .. env .. '}') then
    error('print.lua: a golden output contains \\end{' .. env .. '}, which cannot be set verbatim', 0)
  end
  return pandoc.RawBlock('latex', string.format('\\begin{%s}[fontsize=\\goldensize{%d}{%d}]\n%s\n\\end{%s}',
    env, widths[1], widths[2], text, env))
end

-- Inlines in a LaTeX environment, as one paragraph (no blank line inside).
local function wrapped(env, inlines)
  local out = pandoc.List { pandoc.RawInline('latex', '\\begin{' .. env .. '}') }
  out:extend(inlines)
  out:insert(pandoc.RawInline('latex', '\\end{' .. env .. '}'))
  return pandoc.Plain(out)
end

local function golden_div(div)
  if not div.classes:includes('golden') then return nil end
  local rel = div.attributes['data-source'] or '?'
  local command, output
  for i, b in ipairs(div.content) do
    if b.t == 'CodeBlock' and b.classes:includes('command') then command = i end
    if b.t == 'CodeBlock' and b.classes:includes('output') then output = i end
  end
  if not output then return nil end
  local text, note = div.content[output].text, nil
  if div.classes:includes('scroll') then
    local lines = {}
    for line in (text .. '\n'):gmatch('(.-)\n') do lines[#lines + 1] = line end
    if #lines > PRINT_EXCERPT_LINES then
      text = table.concat(lines, '\n', 1, PRINT_EXCERPT_LINES)
      note = string.format('印刷版只印出这段输出的前 %d 行，其余 %d 行略去；HTML 版与 EPUB 版印出全文。',
        PRINT_EXCERPT_LINES, #lines - PRINT_EXCERPT_LINES)
    end
  end
  -- The command and the output share one size, so their columns line up.
  local cols = block_widths(text)
  if command then
    local c = block_widths(div.content[command].text)
    cols = { math.max(cols[1], c[1]), math.max(cols[2], c[2]) }
  end
  local out = pandoc.List { pandoc.RawBlock('latex', '\\begin{golden}') }
  for i, b in ipairs(div.content) do
    if i == command then
      out:insert(verbatim('GoldenCommand', b.text, cols))
    elseif i == output then
      out:insert(verbatim('GoldenOutput', text, cols))
    elseif i == output + 1 and b.t == 'Para' then
      -- The caption: where the output lives (and, for an excerpt, what was left out).
      local caption = pandoc.List(b.content)
      if note then caption:extend { pandoc.Space(), pandoc.Str(note) } end
      out:insert(wrapped('goldencaption', caption))
    else
      out:insert(b)
    end
  end
  out:insert(pandoc.RawBlock('latex', '\\end{golden}'))
  return out
end

-- A code excerpt: its label (file · region) stays with the code, which is
-- sized like a golden output.
local function excerpt_div(div)
  if not div.classes:includes('excerpt') then return nil end
  local out = pandoc.List()
  for i, b in ipairs(div.content) do
    if b.t == 'CodeBlock' then
      -- Sized like a golden output; Pandoc writes the highlighted code.
      local w = block_widths(b.text)
      out:extend { pandoc.RawBlock('latex', string.format('\\begingroup\\fvset{fontsize=\\goldensize{%d}{%d}}', w[1], w[2])),
        b, pandoc.RawBlock('latex', '\\endgroup') }
    elseif i == 1 and b.t == 'Para' then
      out:insert(wrapped('excerptlabel', b.content))
    else
      out:insert(b)
    end
  end
  return out
end

-- A figure: a float (it is numbered and referred to by number, so it may
-- move to the top of the next page rather than leave half a page blank),
-- the vector graphic centred, its caption under it, an anchor for the links.
local function figure_div(div)
  if not div.classes:includes('figure') then return nil end
  local image, caption = div.content[1], div.content[#div.content]
  return {
    pandoc.RawBlock('latex', '\\begin{figure}[htbp]\\centering\\hypertarget{' .. div.identifier .. '}{}'),
    pandoc.Plain(image.content),
    pandoc.RawBlock('latex', '\\par\\smallskip{\\small'),
    pandoc.Plain(caption.content),
    pandoc.RawBlock('latex', '\\par}\\end{figure}'),
  }
end

-- Drops 第 N 章 and the space after it from a chapter heading; returns N.
local function chapter_number(header)
  local n = repo.chapter_number(pandoc.utils.stringify(header.content))
  if not n then return nil end
  local content = header.content
  while #content > 0 do
    local first = content[1]
    content:remove(1)
    if first.t == 'Str' and first.text:match('^章') then
      local rest = first.text:gsub('^章', ''):gsub('^　+', '')
      if rest ~= '' then content:insert(1, pandoc.Str(rest)) end
      break
    end
  end
  while #content > 0 and content[1].t == 'Space' do content:remove(1) end
  header.content = content
  return n
end

local main_matter = false
local function blocks(list)
  local out = pandoc.List()
  local i = 1
  while i <= #list do
    local b, next_b = list[i], list[i + 1]
    if b.t == 'Header' and next_b and next_b.t == 'Div' and next_b.classes:includes('chapter-toc') then
      i = i + 1 -- the index page's contents list and its heading: the PDF has 目录
    elseif b.t == 'Div' and b.classes:includes('chapter-toc') then
      -- dropped, as above
    elseif b.t == 'Header' and b.level == 1 then
      local n = chapter_number(b)
      if n then
        if not main_matter then
          out:insert(pandoc.RawBlock('latex', '\\booktoc\n\\mainmatter'))
          main_matter = true
        end
        out:insert(pandoc.RawBlock('latex', '\\setcounter{chapter}{' .. (n - 1) .. '}'))
      end
      out:insert(b)
    else
      out:insert(b)
    end
    i = i + 1
  end
  return out
end

return { {
  Div = function(div) return golden_div(div) or figure_div(div) or excerpt_div(div) end,
}, {
  Pandoc = function(doc)
    doc.blocks = blocks(doc.blocks)
    return doc
  end,
} }
