-- Filter 1: golden outputs and figures, from empty blocks (the book holds no copy of an output).
--   ```{.golden case="02-op-traffic/h100-spec"}: the command (the program and the case's flags
--   of golden/<chapter>/cases.list), then the exact text of golden/<chapter>/<case>.txt;
--   file="36-head-roofline/report-table.txt" instead names a golden file that is no case.
-- Other classes pass on to the wrapper (`.scroll`). `render="markdown"` also typesets the output
-- (`table-caption="... {#tbl:name}"` numbers its table); `typeset="<json case>"` (HTML only) folds
-- under a ledger the same table typeset from the case's `--format json` golden (docs/book.md).
--   ```{#fig:name .figure case="02-op-traffic/default-plot"}: golden/<chapter>/<case>.svg with
--   its command line (@OUT@ becomes <case>.svg), or file="<chapter>/<name>.svg": inline in HTML,
--   an image in the EPUB, vector graphics in the PDF (converted into $BOOK_FIGURE_DIR).
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local figure_svg = require 'figure_svg'
local output_ids = require 'output_ids'
local json = require 'numbers.json'

local problems = repo.problems('golden.lua')
local is_epub = FORMAT:match('epub') ~= nil
local is_latex = FORMAT == 'latex'
local cases_cache = {}

-- golden/<chapter>/cases.list as { case = flags }, or nil and why not.
local function cases_of(chapter)
  if cases_cache[chapter] == nil then
    local rel = 'golden/' .. chapter .. '/cases.list'
    local text = repo.read(rel)
    if not text then
      cases_cache[chapter] = false
      problems.add('case list missing: ' .. rel)
    else
      local map = {}
      for _, e in ipairs(repo.list_entries(text)) do map[e.name] = e.rest end
      cases_cache[chapter] = map
    end
  end
  return cases_cache[chapter] or nil
end

local function caption(text, source)
  local inlines = pandoc.List()
  if text and text ~= '' then
    inlines:extend(pandoc.read(text, 'markdown').blocks[1].content)
    -- A line of its own: xeCJK drops a space beside Chinese, and the title ran into the ID.
    inlines:insert(pandoc.LineBreak())
  end
  local id = output_ids.label(source)
  if id then inlines:extend(id) else problems.add(source .. ' has no output ID in editions/ids.txt: run scripts/update-golden ' .. source:match('^golden/(%d+)') .. ' --write') end
  inlines:insert(pandoc.Code(source))
  return pandoc.Para(inlines)
end

-- A typeset table's columns of numbers (every body cell starts with one) are set flush right.
local function right_align_numbers(tbl)
  for col, spec in ipairs(tbl.colspecs) do
    local numeric, rows = true, 0
    for _, body in ipairs(tbl.bodies) do
      for _, row in ipairs(body.body) do
        local cell = row.cells[col] and pandoc.utils.stringify(row.cells[col].contents) or ''
        numeric, rows = numeric and cell:match('^%-?[%d.]+') ~= nil, rows + 1
      end
    end
    if numeric and rows > 0 then tbl.colspecs[col] = { 'AlignRight', spec[2] } end
  end
end

-- The command a reader types, e.g. `$ op_traffic --machine h100-spec`.
local function command_line(chapter, case)
  local c = repo.chapter(chapter)
  if not c then
    problems.add(string.format('chapter %s (of golden case %s/%s) is not in chapters/chapters.list', chapter, chapter, case))
    return nil
  end
  local cases = cases_of(chapter)
  if not cases then return nil end
  local flags = cases[case]
  if flags == nil then
    problems.add(string.format('golden case %s/%s is not in golden/%s/cases.list', chapter, case, chapter))
    return nil
  end
  return '$ ' .. c.program .. (flags ~= '' and ' ' .. flags or '')
end

-- Where a golden or figure block's content lives: rel, command, case; nil (noted) otherwise.
local function block_source(block, kind, content, ext, file_form, file_pattern)
  local attr = block.attributes
  if block.text:match('%S') then
    problems.add(string.format('a %s block must be empty (its %s comes from golden/): %s', kind, content,
      attr.case or attr.file or '?'))
    return nil
  end
  if attr.case then
    local chapter, case = attr.case:match('^([^/]+)/([^/]+)$')
    if not chapter then
      problems.add(kind .. ' case must read "<chapter>/<case>", got "' .. attr.case .. '"')
      return nil
    end
    return 'golden/' .. chapter .. '/' .. case .. ext, command_line(chapter, case), case
  end
  if attr.file and attr.file:match(file_pattern) then
    return 'golden/' .. attr.file
  end
  problems.add(string.format('a %s block needs case="<chapter>/<case>" or file="<chapter>/%s"', kind, file_form))
  return nil
end

-- HTML only: a case's program and flags for the page's run control (book/run/run.js). Lists of
-- {name, value} pairs: a table keyed by name would change their order from render to render.
local function run_attributes(case_ref, attributes)
  if is_epub or is_latex or not case_ref then return attributes end
  local chapter, case = case_ref:match('^([^/]+)/([^/]+)$')
  local c, cases = repo.chapter(chapter), cases_of(chapter)
  if c and cases and cases[case] then
    attributes[#attributes + 1] = { 'data-program', c.program }
    attributes[#attributes + 1] = { 'data-flags', cases[case] }
  end
  return attributes
end

-- A value with the unit that keeps it short: bytes in MB or GB, seconds in us or ms.
local function with_unit(value, units)
  for i, u in ipairs(units) do
    if i == #units or math.abs(value) < u[2] * 1000 then return string.format(u[3], value / u[2]) .. ' ' .. u[1] end
  end
end
local BYTES = { { 'MB', 1e6, '%.2f' }, { 'GB', 1e9, '%.2f' } }
local SECONDS = { { 'us', 1e-6, '%.1f' }, { 'ms', 1e-3, '%.3f' }, { 's', 1, '%.3f' } }
local TYPESET_COLUMNS = {
  { '算子', 'name', function(v) return v end },
  { '运算量（GFLOP）', 'flops', function(v) return string.format('%.4g', v / 1e9) end },
  { '访存量', 'bytes', function(v) return with_unit(v, BYTES) end },
  { '算术强度（FLOP/B）', 'intensity', function(v) return string.format('%.2f', v) end },
  { '时间下界', 'sol_time_s', function(v) return with_unit(v, SECONDS) end },
  { '判据', 'bound', function(v) return v end },
}

-- HTML only: the ledger of golden case `json_case` (this output's case with --format json),
-- typeset as a table in a <details> folded under the output; nil (noted) when it cannot be.
local function typeset_view(case_ref, json_case)
  local chapter, case = (case_ref or ''):match('^([^/]+)/([^/]+)$')
  local rel = chapter and ('golden/' .. chapter .. '/' .. json_case .. '.txt')
  if not rel then
    problems.add('typeset="' .. json_case .. '" needs the golden block to name a case')
    return nil
  end
  local cases = cases_of(chapter)
  local function words(s) return s and (s .. ' '):gsub('%s+', ' '):gsub('^ ', '') end
  local want = cases and cases[case] and words(cases[case] .. ' --format json')
  if not cases or words(cases[json_case]) ~= want then
    problems.add(string.format('golden block %s: typeset="%s" must name the same run with --format json (%s), its flags are "%s"',
      case_ref, json_case, want or '?', cases and cases[json_case] or '?'))
    return nil
  end
  local text = repo.read(rel)
  local ok, data = pcall(json.decode, text or '')
  if not text or not ok or type(data) ~= 'table' or type(data.rows) ~= 'table' or #data.rows == 0 then
    problems.add('golden block ' .. case_ref .. ': typeset="' .. json_case .. '": ' .. rel .. ' holds no ledger rows' .. (ok and '' or ' (' .. tostring(data) .. ')'))
    return nil
  end
  local html = { '<details class="typeset-view" data-json="' .. repo.html_escape(rel) .. '">',
    '<summary>排版视图（不是程序印出的字节）：同一次运行加 <code>--format json</code> 的 JSON 输出（<code>' ..
      repo.html_escape(json_case) .. '</code>）排成的表格，数字的位数可能与上面的输出不同</summary>',
    '<div class="typeset-scroll" tabindex="0"><table class="typeset-view"><thead><tr>' }
  for _, c in ipairs(TYPESET_COLUMNS) do html[#html + 1] = '<th>' .. c[1] .. '</th>' end
  html[#html + 1] = '</tr></thead><tbody>'
  for i, row in ipairs(data.rows) do
    html[#html + 1] = '<tr>'
    for _, c in ipairs(TYPESET_COLUMNS) do
      local v = row[c[2]]
      if v == nil then
        problems.add(string.format('%s: rows[%d] has no %s', rel, i - 1, c[2]))
        return nil
      end
      html[#html + 1] = '<td data-key="' .. c[2] .. '">' .. repo.html_escape(c[3](v)) .. '</td>'
    end
    html[#html + 1] = '</tr>'
  end
  html[#html + 1] = '</tbody></table></div></details>'
  return pandoc.RawBlock('html', table.concat(html))
end

local function golden_block(block)
  if not block.classes:includes('golden') then return nil end
  local attr = block.attributes
  local rel, command = block_source(block, 'golden', 'text', '.txt', '<file>', '.')
  if not rel then return nil end
  local text = repo.read(rel)
  if not text then
    problems.add('golden file missing: ' .. rel)
    return nil
  end
  text = text:gsub('\n$', '')
  local blocks = pandoc.List()
  if command then blocks:insert(pandoc.CodeBlock(command, pandoc.Attr('', { 'command' }))) end
  blocks:insert(pandoc.CodeBlock(text, pandoc.Attr('', { 'output' })))
  blocks:insert(caption(attr.caption, rel))
  if attr.render == 'markdown' then
    local typeset = pandoc.read(text, 'markdown').blocks
    if attr['table-caption'] then
      local numbered = false
      for _, b in ipairs(typeset) do
        if b.t == 'Table' and not numbered then
          b.caption.long = pandoc.read(attr['table-caption'], 'markdown').blocks
          numbered = true
        end
      end
      if not numbered then problems.add('golden block ' .. rel .. ': table-caption, but the output typesets no table') end
    end
    for _, b in ipairs(typeset) do
      if b.t == 'Table' then right_align_numbers(b) end
    end
    blocks:extend(typeset)
  elseif attr.render then
    problems.add('golden block ' .. rel .. ': render="' .. attr.render .. '" is not known (only "markdown")')
  end
  if attr.typeset and not is_epub and not is_latex then
    local view = typeset_view(attr.case, attr.typeset)
    if view then blocks:insert(view) end
  end
  return pandoc.Div(blocks, pandoc.Attr('', block.classes, run_attributes(attr.case, { { 'data-source', rel } })))
end

-- The SVG as an HTML block: the file without its XML declaration.
local function inline_svg(text)
  return pandoc.RawBlock('html', (text:gsub('^<%?xml[^>]*%?>%s*', ''):gsub('\n$', '')))
end

-- golden/<chapter>/<name>.svg -> <chapter>--<name>.svg, the figure's name in html/figures/.
local function figure_name(rel)
  return (rel:gsub('^golden/', ''):gsub('/', '--'))
end

-- The PDF form of a golden SVG (figure_svg.lua), or nil (noted).
local function figure_latex(rel, text)
  local dir = os.getenv('BOOK_FIGURE_DIR')
  if not dir or dir == '' then
    problems.add('BOOK_FIGURE_DIR is not set: the LaTeX run needs a folder for the figures (book/render.sh sets it)')
    return nil
  end
  local latex, err = figure_svg.latex_figure(text, dir, (figure_name(rel):gsub('%.svg$', '')))
  if not latex then problems.add('figure ' .. rel .. ': ' .. err) end
  return latex
end

-- Where the HTML pages find the full-size figure (book/render.sh copies it there).
local function figure_href(rel)
  return 'figures/' .. figure_name(rel)
end

local function figure_block(block)
  local attr = block.attributes
  local rel, command, case = block_source(block, 'figure', 'SVG', '.svg', '<name>.svg', '%.svg$')
  if not rel then return nil end
  if command then command = command:gsub('@OUT@', case .. '.svg') end
  local text = repo.read(rel)
  if not text then
    problems.add('golden figure missing: ' .. rel)
    return nil
  end
  local blocks = pandoc.List()
  if is_latex then
    local latex = figure_latex(rel, text)
    if not latex then return nil end
    blocks:insert(pandoc.Para { pandoc.RawInline('latex', latex) })
  elseif is_epub then
    local alt = text:match('<title>(.-)</title>') or rel
    local name = figure_href(rel)
    pandoc.mediabag.insert(name, 'image/svg+xml', figure_svg.epub_svg(text))
    blocks:insert(pandoc.Para { pandoc.Image({ pandoc.Str(alt) }, name) })
  else
    -- Inline (the page stays one file); a tap opens the full-size SVG.
    blocks:insert(pandoc.RawBlock('html', '<a class="figure-full" href="' .. figure_href(rel) .. '" title="查看大图">'))
    blocks:insert(inline_svg(figure_svg.book_svg(text)))
    blocks:insert(pandoc.RawBlock('html', '</a>'))
  end
  -- The caption: its text, the command that writes the figure, the golden file.
  local caption_inlines = caption(attr.caption, rel).content
  if command then
    caption_inlines:insert(#caption_inlines, pandoc.Code(command))
    caption_inlines:insert(#caption_inlines, pandoc.LineBreak())  -- the golden file on a line of its own
  end
  if not is_latex and not is_epub then
    caption_inlines:extend { pandoc.Space(), pandoc.Link({ pandoc.Str('查看大图') }, figure_href(rel), '', { class = 'figure-open' }) }
  end
  blocks:insert(pandoc.Para(caption_inlines))
  return pandoc.Div(blocks, pandoc.Attr(block.identifier, { 'figure' }, run_attributes(attr.case, { { 'data-source', rel } })))
end

local function code_block(block)
  if block.classes:includes('figure') then return figure_block(block) end
  return golden_block(block)
end

return { {
  Pandoc = function(doc)
    doc = doc:walk { CodeBlock = code_block }
    problems.raise()
    return doc
  end,
} }
