-- Filter 5 (LaTeX only): the print edition's blocks, for book/print/book.latex (docs/book.md
-- says what the PDF promises): chapters numbered as the book numbers them, golden outputs and
-- code at one of two sizes or on a turned page (wrapped by wrap.lua if they must), a long output
-- cut to its first lines, inline code, CJK dashes, callouts and tables set by hand.
-- book/tests/check_pdf.py reads PRINT_EXCERPT_LINES from here and cuts the same way.
local PRINT_EXCERPT_LINES = 40

if FORMAT ~= 'latex' then return {} end

package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local wrap = require 'wrap'
local columns, wrap_lines = wrap.columns, wrap.wrap_lines

-- The widths to size a block for: its widest line, and the widest of all but the few widest (at
-- most WRAPPED_LINES, at most a tenth of the block), which may wrap.
local WRAPPED_LINES = 3
local function block_widths(text)
  local widths = {}
  for line in (text .. '\n'):gmatch('(.-)\n') do widths[#widths + 1] = columns(line) end
  table.sort(widths, function(a, b) return a > b end)
  local skip = math.min(WRAPPED_LINES, #widths // 10)
  return { widths[1] or 1, widths[skip + 1] or 1 }
end

-- Where a long output's excerpt ends: after the last of its first lines that only closes brackets
-- (`},`, `]`), so no element is cut in the middle.
local function excerpt_end(lines)
  for i = PRINT_EXCERPT_LINES, 1, -1 do
    if lines[i]:match('^%s*[%]}]+,?$') then return i end
  end
  return PRINT_EXCERPT_LINES
end

-- The book's two code sizes (book.latex) and the columns that fit the text width at each:
-- (160 mm - 10 pt of frame) / (0.602 em per column), less one for the last character's side
-- bearing; turned, the line is the text height, 240 mm, and `lines` the most that fit.
local SIZES = {
  normal = { macro = '\\codesize', columns = 81 },
  small = { macro = '\\codesmall', columns = 97 },
  turned_normal = { macro = '\\codesize', columns = 123, lines = 32, landscape = true },
  turned_small = { macro = '\\codesmall', columns = 147, lines = 38, landscape = true },
}

-- A block's size, by its lines alone (not a golden block's command): the larger size every line
-- fits; else the one all but the few widest fit; else, for a golden output of `lines` lines
-- short enough, turned by the same rule; else (and for a code excerpt) 7.5 pt, wrapped.
local function code_size(widths, lines)
  if widths[1] <= SIZES.normal.columns then return SIZES.normal end
  if widths[1] <= SIZES.small.columns then return SIZES.small end
  if widths[2] <= SIZES.normal.columns then return SIZES.normal end
  if widths[2] <= SIZES.small.columns or not lines or lines > SIZES.turned_small.lines then return SIZES.small end
  local normal_fits = lines <= SIZES.turned_normal.lines
  if widths[1] <= SIZES.turned_normal.columns and normal_fits then return SIZES.turned_normal end
  if widths[1] <= SIZES.turned_small.columns then return SIZES.turned_small end
  return widths[2] <= SIZES.turned_normal.columns and normal_fits and SIZES.turned_normal or SIZES.turned_small
end

local function line_count(text)
  return select(2, text:gsub('\n', '')) + 1
end

local function verbatim(env, text, size, columns)
  if text:match('\\end{' .. env .. '}') then
    error('print.lua: a golden output contains \\end{' .. env .. '}, which cannot be set verbatim', 0)
  end
  return pandoc.RawBlock('latex', string.format('\\begin{%s}[fontsize=%s]\n%s\n\\end{%s}',
    env, size.macro, wrap_lines(text, columns or size.columns), env))
end

-- Inlines in a LaTeX environment, as one paragraph (no blank line inside).
local function wrapped(env, inlines)
  local out = pandoc.List { pandoc.RawInline('latex', '\\begin{' .. env .. '}') }
  out:extend(inlines)
  out:insert(pandoc.RawInline('latex', '\\end{' .. env .. '}'))
  return pandoc.Plain(out)
end

local turned_count = 0
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
      local kept = excerpt_end(lines)
      local left = #lines - kept
      -- Said in the caption: a line inside the frame would read as the program's.
      text = table.concat(lines, '\n', 1, kept)
      note = string.format('印刷版只印出这段输出的前 %d 行，略去其余 %d 行；HTML 版与 EPUB 版印出全文。', kept, left)
    end
  end
  local size = code_size(block_widths(text), line_count(text) + (command and line_count(div.content[command].text) or 0))
  if div.classes:includes('errata-diff') then
    -- A change's diff is never turned; its first column (+, -, @) stands in the frame's gap.
    local widths = block_widths(text)
    size = code_size({ widths[1] - 1, widths[2] - 1 })
    return { pandoc.RawBlock('latex', '\\begin{golden}'), verbatim('ErrataDiff', text, size, size.columns + 1),
      pandoc.RawBlock('latex', '\\end{golden}') }
  end
  -- A turned output leaves a line where it was met (book.latex's \turnedpointer, \turnedfolio).
  local out, key = pandoc.List(), nil
  if size.landscape then
    turned_count = turned_count + 1
    key = 'turned-' .. turned_count
    local caption = output + 1 <= #div.content and div.content[output + 1] or nil
    local id
    if caption and caption.t == 'Para' then
      caption:walk { Span = function(s) if s.classes:includes('output-id') then id = pandoc.utils.stringify(s) end end }
    end
    out:insert(pandoc.RawBlock('latex', '\\turnedpointer{' .. (id or '下面的输出') .. '}{' .. key .. '}'))
  end
  out:insert(pandoc.RawBlock('latex', (size.landscape and '\\begin{turnedgolden}' or '') .. '\\begin{golden}'))
  for i, b in ipairs(div.content) do
    if i == command then
      out:insert(verbatim('GoldenCommand', b.text, size))
    elseif i == output then
      out:insert(verbatim('GoldenOutput', text, size))
    elseif i == output + 1 and b.t == 'Para' then
      local caption = pandoc.List(b.content)
      if note then caption:extend { pandoc.LineBreak(), pandoc.Str(note) } end
      if key then caption:insert(pandoc.RawInline('latex', '\\turnedfolio{' .. key .. '}')) end
      out:insert(wrapped('goldencaption', caption))
    else
      out:insert(b)
    end
  end
  out:insert(pandoc.RawBlock('latex', '\\end{golden}' .. (size.landscape and '\\end{turnedgolden}' or '')))
  return out
end

-- A code excerpt: its label (file · region) stays with the code, sized like a golden output.
local function excerpt_div(div)
  if not div.classes:includes('excerpt') then return nil end
  local out = pandoc.List()
  for i, b in ipairs(div.content) do
    if b.t == 'CodeBlock' then
      local size = code_size(block_widths(b.text))
      out:extend { pandoc.RawBlock('latex', '\\begingroup\\fvset{fontsize=' .. size.macro .. '}'),
        b, pandoc.RawBlock('latex', '\\endgroup') }
    elseif i == 1 and b.t == 'Para' then
      out:insert(wrapped('excerptlabel', b.content))
    else
      out:insert(b)
    end
  end
  return out
end

-- A figure: a float (referred to by number, so it may move to the next page's top rather than
-- leave half a page blank; never to a page of floats alone), with an anchor for the links.
local function figure_div(div)
  if not div.classes:includes('figure') then return nil end
  local image, caption = div.content[1], div.content[#div.content]
  -- The caption's title, then (after its line break) its source, set as an output's caption is.
  local title, source = pandoc.List(), pandoc.List()
  for _, inline in ipairs(caption.content) do
    if inline.t == 'LineBreak' and #source == 0 and #title > 0 then
      source:insert(pandoc.RawInline('latex', '\\par\\footnotesize\\color{captiongray}'))
    else
      (#source > 0 and source or title):insert(inline)
    end
  end
  title:extend(source)
  return {
    pandoc.RawBlock('latex', '\\begin{figure}[!htb]\\centering\\hypertarget{' .. div.identifier .. '}{}'),
    pandoc.Plain(image.content),
    pandoc.RawBlock('latex', '\\par\\smallskip{\\small'),
    pandoc.Plain(title),
    pandoc.RawBlock('latex', '\\par}\\end{figure}'),
  }
end

-- Inline code, written by hand: Pandoc's \texttt{\textless{}章\textgreater{}} prints ‹ and puts
-- CJK glue around 章. A line may break after `/`, `=` or `_`, less willingly after a hyphen
-- inside a word, but not in a path.
local TEX_ESCAPES = {
  ['\\'] = '\\textbackslash{}', ['{'] = '\\{', ['}'] = '\\}', ['$'] = '\\$', ['&'] = '\\&',
  ['#'] = '\\#', ['_'] = '\\_', ['%'] = '\\%', ['^'] = '\\^{}', ['~'] = '\\textasciitilde{}',
  [' '] = '\\ ',
}
local SHORT_CODE = 12
local function inline_code(code)
  local chars = {}
  for _, cp in utf8.codes(code.text) do chars[#chars + 1] = utf8.char(cp) end
  local out = {}
  -- A path breaks after its slashes only: `default-` / `plot.svg` would read as a hyphenation.
  local path = code.text:find('/', 1, true) ~= nil
  -- A short one never breaks: a paragraph opening with `op_ledger` had 「op_」 alone on its first line.
  local short = #chars <= SHORT_CODE
  for i, c in ipairs(chars) do
    out[#out + 1] = TEX_ESCAPES[c] or c
    local before, after = chars[i - 1] or '', chars[i + 1] or ''
    if after ~= '' and after ~= ' ' and not short then
      if c == '/' or c == '=' or c == '_' then
        out[#out + 1] = '\\codebreak{}'
      elseif c == '-' and before:match('%w') and after:match('%w') and not path then
        out[#out + 1] = '\\penalty200{}'
      end
    end
  end
  return pandoc.RawInline('latex', '\\texttt{\\codeaddon ' .. table.concat(out) .. '}')
end

-- `——` and `……` as CJK characters: Pandoc would write --- (which breaks across lines) and \ldots.
local DASH_OR_DOTS = { [0x2014] = true, [0x2026] = true }
local function cjk_punctuation(str)
  if not str.text:find('—', 1, true) and not str.text:find('…', 1, true) then return nil end
  local out, run, raw = pandoc.List(), {}, nil
  local function flush()
    if #run > 0 then
      local text = table.concat(run)
      out:insert(raw and pandoc.RawInline('latex', text) or pandoc.Str(text))
    end
    run = {}
  end
  for _, cp in utf8.codes(str.text) do
    local is_raw = DASH_OR_DOTS[cp] == true
    if is_raw ~= raw then flush() raw = is_raw end
    run[#run + 1] = utf8.char(cp)
  end
  flush()
  return out
end

-- A number keeps its Latin unit on its line: the space between them becomes a non-breaking one.
local function is_unit(el)
  if not el or el.t ~= 'Str' then return false end
  for _, unit in ipairs { '[TGMKP]?B/s', '[TGMKP]?FLOP/s', '[TGMKP]?FLOPs?', '[TGMKP]i?B', 'µs', 'us', 'ms', 'ns', '[GM]Hz' } do
    if el.text:match('^' .. unit .. '$') or el.text:match('^' .. unit .. '[^%w/]') then return true end
  end
  return false
end
local function unit_joins(inlines)
  for i = 2, #inlines - 1 do
    local space, before = inlines[i], inlines[i - 1]
    if (space.t == 'Space' or space.t == 'SoftBreak') and is_unit(inlines[i + 1])
        and pandoc.utils.stringify(before):match('%d$') then
      inlines[i] = pandoc.RawInline('latex', '~')
    end
  end
  return inlines
end

-- The same inside one Str (a generated text, the glossary's, keeps its spaces).
local function str_unit_joins(str)
  if not str.text:find(' ', 1, true) then return cjk_punctuation(str) end
  local words = {}
  for word in str.text:gmatch('[^ ]+') do words[#words + 1] = word end
  local text = str.text:match('^ *') .. words[1]
  for i = 2, #words do
    local joined = words[i - 1]:match('%d$') and is_unit(pandoc.Str(words[i]))
    text = text .. (joined and '\u{a0}' or ' ') .. words[i]
  end
  str.text = text .. (str.text:match(' +$') or '')
  return cjk_punctuation(str) or str
end

-- Inline math beside a Chinese character gets the quarter em xeCJK puts between Chinese and Latin
-- text: xeCJK drops the space there (and a \CJKecglue), and 「头维d」 ran together.
local MATH_GLUE = '\\hspace{0.25em}'
local function math_edge(el, first)
  while el and el.t == 'Span' and #el.content > 0 do el = el.content[first and 1 or #el.content] end
  return el ~= nil and el.t == 'Math' and el.mathtype == 'InlineMath'
end
local function han_edge(el, last)
  if not el or el.t ~= 'Str' or el.text == '' then return false end
  local cp = last and utf8.codepoint(el.text, utf8.offset(el.text, -1)) or utf8.codepoint(el.text, 1)
  return (cp >= 0x4E00 and cp <= 0x9FFF) or (cp >= 0x3400 and cp <= 0x4DBF)
end
local function is_space(el) return el and (el.t == 'Space' or el.t == 'SoftBreak') end
local function math_glue(inlines)
  local out = pandoc.List()
  for i, el in ipairs(inlines) do
    local before, after = inlines[i - 1], inlines[i + 1]
    if is_space(el) and ((math_edge(after, true) and han_edge(before, true)) or (math_edge(before, false) and han_edge(after, false))) then
      out:insert(pandoc.RawInline('latex', MATH_GLUE))
    else
      if not is_space(before) and han_edge(before, true) and math_edge(el, true) then out:insert(pandoc.RawInline('latex', MATH_GLUE)) end
      out:insert(el)
      if not is_space(after) and han_edge(after, false) and math_edge(el, false) then out:insert(pandoc.RawInline('latex', MATH_GLUE)) end
    end
  end
  return out
end

local prose = { Code = inline_code, Str = str_unit_joins, Inlines = function(inlines) return unit_joins(math_glue(inlines)) end }

-- A callout (a block quote): one box, never split across pages.
local function callout(quote)
  local out = pandoc.List { pandoc.RawBlock('latex', '\\begin{callout}') }
  out:extend(quote.content)
  out:insert(pandoc.RawBlock('latex', '\\end{callout}'))
  return out
end

-- The text width, 160 mm, in ems of the body's 12 pt; a text's width in ems, roughly: a Chinese
-- character one, any other 0.55 (a little more than half: room to spare).
local LINE_EMS = 37.6
local function ems(text)
  local n = 0
  for _, cp in utf8.codes(text) do n = n + (cp >= 0x2E80 and 1 or 0.55) end
  return n
end

-- A table without widths that would fill more than SPARE of the line gets widths: its narrow
-- columns keep theirs, the wide ones share the rest and wrap. A table with widths then gives each
-- column room for its longest word and GROW ems more, so a number grown by an erratum never runs
-- past its cell.
local SPARE, GROW = 0.85, 2.5
-- A formula about as wide as what it shows, not its TeX source: a command one symbol, a spacing
-- command a column, sub- and superscripts and braces nothing.
local function math_shown(m)
  return pandoc.Str((m.text:gsub('\\[,;:!]', ' '):gsub('\\%a+', 'x'):gsub('[{}^_]', '')))
end
-- Raw LaTeX shows nothing of its source: a \pageref, a page number of up to three digits.
local function raw_shown(r)
  return pandoc.Str(r.text:match('^\\pageref') and '000' or '')
end
local function fit_columns(tbl)
  local n, natural, word, given = #tbl.colspecs, {}, {}, tbl.colspecs[1] and tbl.colspecs[1][2]
  for i = 1, n do natural[i], word[i] = 0, 0 end
  local function measure(rows)
    for _, row in ipairs(rows) do
      for i, cell in ipairs(row.cells) do
        local text = pandoc.utils.stringify(cell.contents:walk { Math = math_shown, RawInline = raw_shown })
        if i <= n then natural[i] = math.max(natural[i], ems(text)) end
        -- Chinese breaks anywhere, code after / = _: the longest word is the longest run between.
        for run in text:gsub('[\xe2-\xef][\x80-\xbf][\x80-\xbf]', ' '):gsub('[/=_]', ' '):gmatch('%S+') do
          if i <= n then word[i] = math.max(word[i], ems(run)) end
        end
      end
    end
  end
  measure(tbl.head.rows)
  for _, body in ipairs(tbl.bodies) do measure(body.body) end
  local total, avail, widths = 0, LINE_EMS - n, {}
  for i = 1, n do total = total + natural[i] + 1 end -- 1 em: a column's padding
  -- Equal widths are a long pipe table's `| --- | --- |`, no author's choice: they wrapped table
  -- 2-1's first column beside two half-empty ones.
  local equal = given ~= nil
  for i = 2, n do equal = equal and tbl.colspecs[i][2] == given end
  if equal then given = nil end
  if not given and total <= SPARE * LINE_EMS then
    if equal then for i = 1, n do tbl.colspecs[i] = { tbl.colspecs[i][1], nil } end end
    return
  end
  if not given and total <= LINE_EMS then
    -- Every cell fits on one line: each column its widest cell, the room left shared alike (a
    -- column of exactly the estimated width wrapped 「量/化」).
    for i = 1, n do widths[i] = natural[i] + (LINE_EMS - total) / n end
    for i = 1, n do tbl.colspecs[i] = { tbl.colspecs[i][1], widths[i] / avail } end
    return
  end
  if given then
    for i = 1, n do widths[i] = (tbl.colspecs[i][2] or 0) * avail end
  else
    local order, left = {}, avail
    for i = 1, n do order[i] = i end
    table.sort(order, function(a, b) return natural[a] < natural[b] end)
    for k, i in ipairs(order) do
      widths[i] = math.min(natural[i], left / (n - k + 1))
      left = left - widths[i]
    end
  end
  local short, spare = 0, 0
  for i = 1, n do
    local need = math.min(word[i] + GROW, natural[i] + 1)
    if widths[i] < need then short, widths[i] = short + need - widths[i], need
    else spare = spare + widths[i] - need end
  end
  local sum = 0
  for i = 1, n do
    local need = math.min(word[i] + GROW, natural[i] + 1)
    if short > 0 and spare > 0 and widths[i] > need then
      widths[i] = widths[i] - math.min(short, spare) * (widths[i] - need) / spare
    end
    sum = sum + widths[i]
  end
  for i = 1, n do tbl.colspecs[i] = { tbl.colspecs[i][1], widths[i] / math.max(sum, avail) } end
end

-- A table starts where its caption and a few rows fit.
local function table_block(tbl)
  fit_columns(tbl)
  return { pandoc.RawBlock('latex', '\\needspace{8\\baselineskip}'), tbl }
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
    elseif b.t == 'Header' then
      out:insert(b) -- headings keep Pandoc's own inline code (bookmarks read them)
    elseif b.t == 'CodeBlock' and #b.classes == 0 then
      -- A command the prose shows (`$ op_ledger --version`): set like a golden block's, wrapped if it must.
      out:insert(verbatim('GoldenCommand', b.text, code_size(block_widths(b.text))))
    else
      out:insert(b:walk(prose))
    end
    i = i + 1
  end
  return out
end

return { {
  -- A bound number with an anchor (numbers.lua) is a place the 勘误与变更 page names by its page.
  Span = function(s)
    if s.identifier ~= '' and s.classes:includes('bound') then
      return { pandoc.RawInline('latex', '\\label{' .. s.identifier .. '}'), s }
    end
  end,
  Div = function(div) return golden_div(div) or figure_div(div) or excerpt_div(div) end,
  BlockQuote = callout,
  Table = table_block,
}, {
  Pandoc = function(doc)
    doc.blocks = blocks(doc.blocks)
    return doc
  end,
} }
