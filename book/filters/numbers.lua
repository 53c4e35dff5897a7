-- Filter 0: every number in the prose is bound to its source.
--
--   约 [162]{.n src="default-json" at="machine.balance"}
-- checks the hand-written number against the source: the value at `at`,
-- times `scale` if given, rounded to as many decimals as the prose writes
-- (162 → 0, 30.2 → 1, 0.8183 → 4), must read the same. A mismatch fails the
-- render with one line naming the page, the number, the value and the source.
--
--   []{.n src="profile:h200" at="roofs[key=hbm].theoretical" scale="1e-9" digits="0"}
-- (an empty span) inserts the value instead, rounded to `digits` decimals
-- (default: as few as show it to 4 decimals).
--
-- Sources:
--   src="<case>"             golden/<chapter>/<case>.txt of the page's own chapter, a
--                            program's --format json output (a case of its cases.list);
--   src="<chapter>/<case>"   the same of another chapter, named by key or number ("02");
--   src="profile:<key>"      common/profiles/<key>.yaml, a machine profile.
-- at: a path into it: keys separated by dots, `[N]` the N-th element of a list
-- (from 0, as in jq), `[field=value]` the one element whose field (itself a
-- path) equals value (`[f=v,g=w]`: both; several such elements fail the render,
-- naming how many and a field that tells them apart), e.g. `rows[kind=gemm].intensity`,
-- `rows[kind=layernorm,shape.fused=true].sol_time_s`, `roofs[key=hbm].calibration`.
-- find="<Lua pattern>": the value is a string; the pattern's one capture is
-- the number (e.g. the copy-only calibration quoted in the hbm label).
-- over="<path>" (and over-src="<src>", default src): the value is divided by
-- that one, a ratio the sentence states ("约为 3.8 倍"); scale applies after.
-- scale: a factor the sentence states (unit changes 1e-9 for GB/s, 1e-12 for
-- TFLOP/s, 1e6 for µs; or a factor the sentence's own formula names, n = 3I).
--
--   ::: {.roof-table profile="h200"}
--   - `hbm`: 所有算子的访存
--   - `tensor_core.fp16`: 半精度 GEMM、注意力
--   :::
-- becomes the table of that profile's roofs (roof, theoretical value,
-- calibration, where it is used), one row per roof of the profile in its
-- order; the list gives the last column. A roof missing from the list, or a
-- listed roof the profile lacks, fails the render.
--
-- Audit (`-M numbers-audit=true`, book/tests/audit_numbers.sh, ctest
-- book/<chapter>/numbers): every other number token in the prose is listed on
-- stderr, and the render fails on one that book/numbers-allowlist.txt does not
-- list for that page. Math is audited like the sentences (`$f = 1650$` quotes
-- a number: bind it as [$f = 1650$]{.n ...}; a formula's constants are listed).
-- An audit writes an empty document: its listing on stderr is its output.
-- Not prose, so not audited: code and code blocks (golden outputs, excerpts),
-- raw HTML, citations (`[@fig:x]`), link targets, generated tables, and digits
-- inside a name (fp16, H200, L2, e4m3; in math 4S, 2D: a coefficient).
-- Chinese numerals (三个数量级) are words and are not audited.
-- The jobs live in book/filters/numbers/: json.lua (the golden files' reader),
-- path.lua (the at= language), sources.lua (src=, find=, over=, scale=),
-- audit.lua (the audit) and roof_table.lua; this file binds the spans.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local decimal = require 'numbers.decimal'
local audit = require 'numbers.audit'

-- What every job's messages share: the problems, and the page they are on
-- (book/?.md until the document is read; several input files: the EPUB).
local ctx = { problems = repo.problems('numbers.lua'), page = 'book/?.md' }
local sources = require('numbers.sources').new(ctx)
local number_anchor = require 'number_anchor'
local roof_table = require('numbers.roof_table').new(ctx, sources)
local page_lines = {}

local span_count = 0
local bound_rows = {}  -- for the audit's listing: { tok, where }
-- "book/<page>.md:<line>" of the n-th `{.n` span: document order is source
-- order, and several input files (the EPUB) are read one after the other.
-- Also returns the page's chapter key (book/<key>.md).
-- The part of a source line Pandoc reads as Markdown spans: an HTML comment, a fenced code block
-- or a code span holding `[..]{.n ...}` (the template page's comment shows one) is no span, and
-- counting it put every later span of the book at the place and page of the one before
-- (a chapter inserted before others). `state` carries an open comment or fence to the next line.
local function span_text(text, state)
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

local span_places  -- { {place, key}, ... } of every `{.n` span, listed once
local function span_place(n)
  if not span_places then
    span_places = {}
    local state, file, key_of = {}, nil, nil
    for _, l in ipairs(page_lines) do
      if l.file ~= file then state, file, key_of = {}, l.file, number_anchor.keyer() end
      for attrs in span_text(l.text, state):gmatch('%]{%.n([%s}][^}]*)') do
        -- Its key as an edition file writes it (number_anchor.lua).
        span_places[#span_places + 1] = { l.file .. ':' .. l.number, l.file:match('([^/]+)%.md$'),
                                          key_of((attrs:gsub('}$', ''))) }
      end
    end
  end
  if span_places[n] then return span_places[n][1], span_places[n][2], span_places[n][3] end
  return ctx.page, ctx.page:match('([^/]+)%.md$')
end

local function bound_span(span)
  span_count = span_count + 1
  local at_page, key, edition_key = span_place(span_count)
  -- Its anchor, for the 勘误与变更 page's link to it (a number in no page file has none).
  local id = edition_key and number_anchor.id(key, edition_key) or ''
  local value, where = sources.resolve(span.attributes, key, at_page)
  local written = pandoc.utils.stringify(span.content)
  if not value then return span.content end
  local tokens = audit.number_tokens(written)
  local title = where .. ' = ' .. decimal.shortest(value, 6)
  if written:match('^%s*$') then
    local digits = tonumber(span.attributes.digits)
    local text = digits and string.format('%.' .. digits .. 'f', value) or decimal.shortest(value, 4)
    bound_rows[#bound_rows + 1] = { tok = text, where = where .. ' (inserted)' }
    return pandoc.Span({ pandoc.Str(text) }, pandoc.Attr(id, { 'bound' }, { title = title }))
  end
  if #tokens ~= 1 then
    ctx.problems.add(string.format('%s: a .n span holds one number, got "%s"', at_page, written))
    return span.content
  end
  local tok = tokens[1]
  bound_rows[#bound_rows + 1] = { tok = tok, where = where }
  local decimals = #(tok:match('%.(%d+)$') or '')
  local want = string.format('%.' .. decimals .. 'f', value)
  if want ~= tok then
    ctx.problems.add(string.format('%s: the prose says %s, the source gives %s (%s = %s)', at_page, tok, want, where,
      decimal.shortest(value, 6)))
  end
  return pandoc.Span(span.content, pandoc.Attr(id, { 'bound' }, { title = title }))
end

local function check_page(doc)
  repo.keep_own(doc, require 'summaries')  -- the first filter: the page's blocks as Pandoc read them
  local key = repo.page_key()
  ctx.page = key and ('book/' .. key .. '.md') or 'book (the EPUB)'
  for _, f in ipairs(PANDOC_STATE.input_files) do
    local rel = pandoc.path.make_relative(repo.absolute(f), repo.root)
    for i, text in ipairs(repo.lines(repo.read(rel) or '')) do
      page_lines[#page_lines + 1] = { file = rel, number = i, text = text }
    end
  end
  doc = doc:walk {
    Span = function(s) if s.classes:includes('n') then return bound_span(s) end end,
    Div = function(d) if d.classes:includes('roof-table') then return roof_table(d) end end,
  }
  ctx.problems.raise()
  local wanted = doc.meta['numbers-audit']
  if wanted and pandoc.utils.stringify(wanted) == 'true' then
    audit.run(doc, key, ctx.page, span_count, bound_rows)
    -- The audit's output is its listing; the page is not written (audit_numbers.sh's
    -- -o /dev/null), so Pandoc need not look its code blocks' classes up as syntaxes.
    return pandoc.Pandoc({}, doc.meta)
  end
  return doc
end

-- A failure is its message alone on stderr: Pandoc (2.17) puts a Lua stack traceback under
-- every error a filter raises, which an author reads as a crash of the filter. A bug of the
-- filter itself (a message starting `<file>.lua:<line>:`) keeps its traceback. Exit 83 is
-- Pandoc's own status for a failing filter.
return { {
  Pandoc = function(doc)
    local ok, result = xpcall(check_page, function(e)
      if type(e) == 'string' and not e:match('^[^%s]*%.lua:%d+:') then return e end
      return debug.traceback(tostring(e), 2)
    end, doc)
    if ok then return result end
    io.stderr:write(result, '\n')
    os.exit(83)
  end,
} }
