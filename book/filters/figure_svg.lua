-- A chapter program's SVG as the book shows it (golden.lua's figures): book_svg without its own
-- heading (the caption is the title), epub_svg with its text large enough for a 600 px screen,
-- latex_figure the PDF's: rsvg-convert draws the shapes, XeLaTeX sets the texts over them in the
-- book's own fonts (embedded once for the whole book), never below MIN_PT.
local repo = require 'repo'

local M = {}

-- No printed figure text below this: scaled to the text width, 11 px of 800 would be 6.2 pt.
M.MIN_PT = 7
-- How far the viewBox moves down when the heading goes (its baseline is at 28 px, the subtitle
-- starts below 36 px).
local HEADING_CUT = 22

-- A middle dot in a figure's text (`h_q·topk`) in a Latin face: the programs' font stack opens
-- with a Chinese one, whose · is a full-width ・ (`A・B` reads as Japanese).
local LATIN_DOT = '<tspan font-family="\'DejaVu Sans\', \'Noto Sans\', sans-serif">·</tspan>'
local function latin_dots(svg)
  return (svg:gsub('(<text [^>]*>)(.-)(</text>)', function(open, body, close)
    return open .. body:gsub('·', LATIN_DOT) .. close
  end))
end

function M.book_svg(text)
  text = latin_dots(text)
  local stripped, n = text:gsub('<text [^>]*class="heading"[^>]*>.-</text>\n', '')
  if n == 0 then return text end
  return (stripped:gsub('<svg ([^>]-)height="([%d.]+)" viewBox="0 0 ([%d.]+) ([%d.]+)"', function(pre, h, w, vh)
    return string.format('<svg %sheight="%.2f" viewBox="0 %d %s %.2f"', pre, tonumber(h) - HEADING_CUT, HEADING_CUT,
      w, tonumber(vh) - HEADING_CUT)
  end, 1))
end

-- The EPUB's figure: every text at least EPUB_TEXT_PX when the figure is EPUB_COLUMN px wide (a
-- 600 px screen less the margins), where an 11-unit label would be 7.5 px; a subscript grows with
-- its text. book/epub-width measures the sizes, and that no text grew past the figure's edge.
local EPUB_COLUMN, EPUB_TEXT_PX = 548, 9
function M.epub_svg(text)
  local svg = M.book_svg(text)
  local width = tonumber(svg:match('<svg [^>]-viewBox="[-%d.]+ [-%d.]+ ([%d.]+)'))
  local default = tonumber(svg:match('<svg [^>]-font%-size="([%d.]+)"') or '16')
  if not width then return svg end
  local least = EPUB_TEXT_PX * width / EPUB_COLUMN
  return (svg:gsub('<text ([^>]*)>(.-)</text>', function(attrs, body)
    local size = tonumber(attrs:match('font%-size="([%d.]+)"')) or default
    if size >= least then return nil end
    local grow = least / size
    local sized = string.format('font-size="%.2f"', least)
    attrs = attrs:find('font%-size="') and attrs:gsub('font%-size="[%d.]+"', sized, 1) or (attrs .. ' ' .. sized)
    body = body:gsub('(<tspan [^>]-)font%-size="([%d.]+)"', function(open, s)
      return string.format('%sfont-size="%.2f"', open, tonumber(s) * grow)
    end)
    return '<text ' .. attrs .. '>' .. body .. '</text>'
  end))
end

local function xml_unescape(s)
  return (s:gsub('&lt;', '<'):gsub('&gt;', '>'):gsub('&quot;', '"'):gsub('&amp;', '&'))
end

local LATEX_SPECIAL = {
  ['\\'] = '\\textbackslash{}', ['{'] = '\\{', ['}'] = '\\}', ['%'] = '\\%', ['#'] = '\\#', ['&'] = '\\&',
  ['$'] = '\\$', ['_'] = '\\_', ['^'] = '\\textasciicircum{}', ['~'] = '\\textasciitilde{}',
}
-- Superscript digits (the log axes' 10⁻¹) are not in Noto Sans CJK: DejaVu Sans sets them.
local SUPERSCRIPTS = { '⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹', '⁻' }
local function latex_escape(s)
  s = xml_unescape(s):gsub('[\\{}%%#&%$_%^~]', LATEX_SPECIAL)
  for _, sup in ipairs({ '·', table.unpack(SUPERSCRIPTS) }) do s = s:gsub(sup, '\\figsup{' .. sup .. '}') end
  return (s:gsub('}\\figsup{', ''))
end

-- A text's content as LaTeX: a lowered <tspan> (h_q's q) is a subscript.
local function content_latex(content)
  content = content:gsub('<tspan font%-family="[^"]*">(.-)</tspan>', '%1')  -- latin_dots': latex_escape sets ·
  local out, pos = {}, 1
  for s, dy, inner, e in content:gmatch('()<tspan dy="([%-%d.]+)"[^>]*>(.-)</tspan>()') do
    out[#out + 1] = latex_escape(content:sub(pos, s - 1))
    out[#out + 1] = tonumber(dy) > 0 and ('\\textsubscript{' .. latex_escape(inner) .. '}') or latex_escape(inner)
    pos = e
  end
  out[#out + 1] = latex_escape(content:sub(pos))
  return table.concat(out)
end

local BOX = { start = 'l', middle = 'c', ['end'] = 'r' }

-- Every <text> as a \put over the picture (y from the bottom, as LaTeX counts).
local function texts_latex(svg, height, default_size)
  local puts = {}
  for attrs, content in svg:gmatch('<text ([^>]*)>(.-)</text>') do
    local function attr(name) return (' ' .. attrs):match(' ' .. name:gsub('%-', '%%-') .. '="([^"]*)"') end
    local x, y = tonumber(attr('x')), tonumber(attr('y'))
    local size = tonumber(attr('font-size') or default_size)
    local anchor = BOX[attr('text-anchor') or 'start'] or 'l'
    local color = (attr('fill') or '#000000'):gsub('^#', ''):upper()
    local angle = tonumber((attr('transform') or ''):match('rotate%(([%-%d.]+)') or '0')
    local body = string.format('\\makebox[0pt][%s]{\\figtext{%.2f}{%s}{%s%s}}', anchor, size, color,
      attr('font-weight') == 'bold' and '\\bfseries ' or '', content_latex(content))
    if angle ~= 0 then body = string.format('\\rotatebox{%.2f}{%s}', -angle, body) end
    puts[#puts + 1] = string.format('\\put(%.2f,%.2f){%s}', x, height - y, body)
  end
  return table.concat(puts, '\n')
end

function M.latex_figure(text, dir, name)
  local svg = M.book_svg(text)
  local width, height, view_height = svg:match('<svg [^>]-width="([%d.]+)" height="([%d.]+)" viewBox="0 [%d.]+ [%d.]+ ([%d.]+)"')
  if not width then return nil, 'no width, height and viewBox on its <svg>' end
  local cut = tonumber(svg:match('viewBox="0 ([%d.]+)'))
  local default_size = svg:match('<svg [^>]-font%-size="([%d.]+)"') or '12'
  local art = svg:gsub('<text [^>]*>.-</text>\n', '')
  local art_svg = pandoc.path.join { dir, name .. '.svg' }
  local art_pdf = pandoc.path.join { dir, name .. '.pdf' }
  -- A figure whose art is unchanged keeps its PDF (rsvg-convert stamps the time into each), so
  -- the LaTeX is the same bytes; art_svg is renamed into place only after its PDF is whole.
  if repo.read_file(art_svg) ~= art or not repo.read_file(art_pdf) then
    os.remove(art_svg)
    local f = io.open(art_svg .. '.new', 'w')
    if not f then return nil, 'cannot write ' .. art_svg .. '.new' end
    f:write(art)
    f:close()
    local ok, err = pcall(pandoc.pipe, 'rsvg-convert', { '--format', 'pdf', '--output', art_pdf, art_svg .. '.new' }, '')
    if not ok then return nil, 'rsvg-convert failed (scripts/install-deps --book installs librsvg2-bin): ' .. tostring(err) end
    local renamed, rename_err = os.rename(art_svg .. '.new', art_svg)
    if not renamed then return nil, 'cannot rename ' .. art_svg .. '.new: ' .. tostring(rename_err) end
  end
  local w, h = tonumber(width), tonumber(view_height)
  return table.concat({
    '{\\setlength{\\unitlength}{\\dimexpr\\linewidth/' .. string.format('%d', math.floor(w)) .. '\\relax}%',
    -- \figtext{size in px}{colour}{text}: the SVG's size scaled with the figure, at least MIN_PT.
    '\\def\\figtext#1#2#3{{\\dimen0=#1\\unitlength\\ifdim\\dimen0<' .. M.MIN_PT .. 'pt\\dimen0=' .. M.MIN_PT ..
      'pt\\fi\\fontsize{\\dimen0}{1.2\\dimen0}\\sffamily\\fontspec{Noto Sans CJK SC}[BoldFont=Noto Sans CJK SC Bold]' ..
      '\\selectfont\\color[HTML]{#2}#3}}%',
    '\\def\\figsup#1{{\\fontspec{DejaVu Sans}#1}}%',
    string.format('\\begin{picture}(%.2f,%.2f)', w, h),
    string.format('\\put(0,0){\\includegraphics[width=%.2f\\unitlength]{%s}}', w, art_pdf),
    texts_latex(svg, h + cut, default_size),
    '\\end{picture}}',
  }, '\n')
end

return M
