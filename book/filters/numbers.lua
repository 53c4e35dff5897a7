-- Filter 0: every number in the prose is bound to its source (CONTRIBUTING.md, "Numbers in the
-- prose", says how to write one):
--   约 [162]{.n src="default-json" at="machine.balance"}   checks the number written against the
--                                                          value, rounded as the prose rounds it
--   []{.n src="profile:h200" at="roofs[key=hbm].theoretical" scale="1e-9" digits="0"}   inserts it
--   ::: {.roof-table profile="h200"} ... :::               the table of a profile's roofs
-- A mismatch fails the render with one line naming the page, the number, the value and the source.
-- `-M numbers-audit=true` lists every other number of the prose instead (book/tests/audit_numbers.sh).
-- The jobs are modules of numbers/: json.lua, path.lua (at=), sources.lua (src=, find=, over=,
-- scale=), audit.lua and roof_table.lua.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local decimal = require 'numbers.decimal'
local audit = require 'numbers.audit'

-- What every job's messages share: the problems, and the page they are on.
local ctx = { problems = repo.problems('numbers.lua'), page = 'book/?.md' }
local sources = require('numbers.sources').new(ctx)
local number_anchor = require 'number_anchor'
local span_text = require('summaries').span_text
local roof_table = require('numbers.roof_table').new(ctx, sources)
local page_lines = {}

local span_count = 0
local bound_rows = {}  -- for the audit's listing: { tok, where }

-- The n-th `{.n` span's "book/<page>.md:<line>", its page's key and its key in an edition file
-- (number_anchor.lua): document order is source order, the EPUB's files one after the other.
local span_places
local function span_place(n)
  if not span_places then
    span_places = {}
    local state, file, key_of = {}, nil, nil
    for _, l in ipairs(page_lines) do
      if l.file ~= file then state, file, key_of = {}, l.file, number_anchor.keyer() end
      for attrs in span_text(l.text, state):gmatch('%]{%.n([%s}][^}]*)') do
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
  -- Its anchor, for the 勘误与变更 page's link to it.
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
    -- The listing is the output: no code block left for Pandoc to look its classes up as syntaxes.
    return pandoc.Pandoc({}, doc.meta)
  end
  return doc
end

-- A failure is its message alone on stderr: Pandoc 2.17's traceback under it reads as a crash.
-- A bug of the filter (`<file>.lua:<line>:`) keeps its traceback. 83: Pandoc's status for a failing filter.
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
