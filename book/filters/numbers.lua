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
-- (from 0, as in jq), `[field=value]` the element whose field (itself a path)
-- equals value (`[f=v,g=w]`: both), e.g. `rows[kind=gemm].intensity`,
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
-- Not prose, so not audited: code and code blocks (golden outputs, excerpts),
-- raw HTML, citations (`[@fig:x]`), link targets, generated tables, and digits
-- inside a name (fp16, H200, L2, e4m3; in math 4S, 2D: a coefficient).
-- Chinese numerals (三个数量级) are words and are not audited.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'

local problems = repo.problems('numbers.lua')
local page = 'book/?.md'  -- the page (one input file); several: the EPUB
local page_lines = {}

-- ---------------------------------------------------------------- JSON ----
-- A small JSON reader (Pandoc 2.17's Lua has none): objects, arrays, strings,
-- numbers, true/false/null. Integers stay exact (Lua 5.4 integers).
local function json_decode(text)
  local pos = 1
  local function fail(what) error(string.format('JSON: %s at byte %d', what, pos), 0) end
  local function ws() pos = text:find('[^ \t\r\n]', pos) or #text + 1 end
  local value
  local function str()
    local out, i = {}, pos + 1
    while true do
      local c = text:sub(i, i)
      if c == '' then fail('unterminated string') end
      if c == '"' then pos = i + 1; return table.concat(out) end
      if c == '\\' then
        local e = text:sub(i + 1, i + 1)
        local map = { b = '\b', f = '\f', n = '\n', r = '\r', t = '\t' }
        if e == 'u' then
          out[#out + 1] = utf8.char(tonumber(text:sub(i + 2, i + 5), 16))
          i = i + 6
        else
          out[#out + 1] = map[e] or e
          i = i + 2
        end
      else
        out[#out + 1] = c
        i = i + 1
      end
    end
  end
  value = function()
    ws()
    local c = text:sub(pos, pos)
    if c == '{' then
      local obj = {}
      pos = pos + 1; ws()
      if text:sub(pos, pos) == '}' then pos = pos + 1; return obj end
      while true do
        ws()
        if text:sub(pos, pos) ~= '"' then fail('expected a key') end
        local k = str(); ws()
        if text:sub(pos, pos) ~= ':' then fail('expected :') end
        pos = pos + 1
        obj[k] = value(); ws()
        local d = text:sub(pos, pos); pos = pos + 1
        if d == '}' then return obj end
        if d ~= ',' then fail('expected , or }') end
      end
    elseif c == '[' then
      local arr = {}
      pos = pos + 1; ws()
      if text:sub(pos, pos) == ']' then pos = pos + 1; return arr end
      while true do
        arr[#arr + 1] = value(); ws()
        local d = text:sub(pos, pos); pos = pos + 1
        if d == ']' then return arr end
        if d ~= ',' then fail('expected , or ]') end
      end
    elseif c == '"' then
      return str()
    elseif text:sub(pos, pos + 3) == 'true' then pos = pos + 4; return true
    elseif text:sub(pos, pos + 4) == 'false' then pos = pos + 5; return false
    elseif text:sub(pos, pos + 3) == 'null' then pos = pos + 4; return nil
    end
    local num = text:match('^-?%d+%.?%d*[eE]?[-+]?%d*', pos)
    if not num or num == '' then fail('unexpected character') end
    pos = pos + #num
    return math.tointeger(tonumber(num)) or tonumber(num)
  end
  local v = value()
  ws()
  if pos <= #text then fail('trailing text') end
  return v
end

-- ------------------------------------------------------------- sources ----
-- Pandoc's YAML reader as Lua tables: maps, lists, strings (numbers stay text).
local function meta_to_lua(m)
  local t = pandoc.utils.type and pandoc.utils.type(m) or type(m)
  if type(m) == 'string' or type(m) == 'boolean' or type(m) == 'number' then return m end
  local tag = m.t or m.tag
  if tag == 'MetaInlines' or tag == 'MetaBlocks' or tag == 'MetaString' then return pandoc.utils.stringify(m) end
  if tag == 'MetaList' or (t == 'List') then
    local out = {}
    for i, v in ipairs(m) do out[i] = meta_to_lua(v) end
    return out
  end
  if tag == 'MetaMap' or t == 'Meta' or t == 'table' then
    -- A list of inlines (a YAML scalar) stringifies; a map recurses.
    if #m > 0 and m[1].t then return pandoc.utils.stringify(m) end
    local out = {}
    for k, v in pairs(m) do out[k] = meta_to_lua(v) end
    return out
  end
  return pandoc.utils.stringify(m)
end

local source_cache = {}
-- The parsed source and its file, or nil (with the problem noted).
local function load_source(src)
  if source_cache[src] ~= nil then return source_cache[src].data, source_cache[src].rel end
  local rel, data
  local key = src:match('^profile:([%w%._-]+)$')
  if key then
    rel = 'common/profiles/' .. key .. '.yaml'
    local text = repo.read(rel)
    if text then
      data = meta_to_lua(pandoc.read('---\n' .. text .. '\n...\n', 'markdown').meta)
    end
  else
    local chapter, case = src:match('^([^/]+)/([^/]+)$')
    if not chapter then
      problems.add(string.format('%s: src must be "<chapter>/<case>" or "profile:<key>", got "%s"', page, src))
      source_cache[src] = { data = false }
      return nil
    end
    rel = 'golden/' .. chapter .. '/' .. case .. '.txt'
    local text = repo.read(rel)
    if text then
      local ok, parsed = pcall(json_decode, text)
      if ok then data = parsed else
        problems.add(string.format('%s: %s is not a --format json golden file (%s)', page, rel, parsed))
        source_cache[src] = { data = false, rel = rel }
        return nil
      end
    end
  end
  if data == nil then problems.add(string.format('%s: source missing: %s (src="%s")', page, rel, src)) end
  source_cache[src] = { data = data or false, rel = rel }
  return data, rel
end

-- Follows a path (`a.b[2].c`, `rows[kind=gemm].x`); returns the value or nil and why.
local function walk(data, path)
  local v = data
  local rest = path
  while rest ~= '' do
    local key, after = rest:match('^%.?([^%.%[]+)(.*)$')
    if key then
      if type(v) ~= 'table' or v[key] == nil then return nil, 'no field "' .. key .. '"' end
      v, rest = v[key], after
    else
      local sel
      sel, after = rest:match('^(%b[])(.*)$')
      if not sel then return nil, 'cannot read "' .. rest .. '"' end
      sel = sel:sub(2, -2)
      if type(v) ~= 'table' then return nil, 'not a list before [' .. sel .. ']' end
      local index = tonumber(sel)
      if index then
        v = v[math.tointeger(index) + 1]
        if v == nil then return nil, 'no element [' .. sel .. ']' end
      else
        -- [field=value,field=value]: every condition holds.
        local conds = {}
        for c in sel:gmatch('[^,]+') do
          local field, want = c:match('^%s*([^=]+)=(.-)%s*$')
          if not field then return nil, 'selector [' .. sel .. '] is neither [N] nor [field=value,...]' end
          conds[#conds + 1] = { field = field, want = want }
        end
        local hit
        for _, el in ipairs(v) do
          local all = true
          for _, c in ipairs(conds) do
            local got = walk(el, c.field)
            if got == nil or tostring(got) ~= c.want then all = false; break end
          end
          if all then hit = el; break end
        end
        if not hit then return nil, 'no element with ' .. sel end
        v = hit
      end
      rest = after
    end
  end
  return v
end

-- Shortest decimal form with at most `max` decimals.
local function shortest(x, max)
  local s = string.format('%.' .. (max or 4) .. 'f', x)
  if s:find('%.') then s = s:gsub('0+$', ''):gsub('%.$', '') end
  return s
end

-- src as load_source reads it: "<case>" is a case of the page's own chapter,
-- "<chapter>/<case>" may name the chapter by its number ("02/default-json").
local function full_src(src, key, place)
  if src:match('^profile:') then return src end
  local chapter, case = src:match('^([^/]+)/([^/]+)$')
  if not chapter then chapter, case = key, src end
  local c = repo.resolve_chapter(chapter)
  if c then return c.key .. '/' .. case end
  problems.add(string.format('%s: src="%s": no chapter "%s" in chapters/chapters.list', place, src, tostring(chapter)))
  return nil
end

-- The bound value of a span's attributes: number, description of the source; or nil.
-- key: the chapter of the page the span is on; place: "book/<page>.md:<line>".
local function resolve(attr, key, place)
  local src, at = attr.src, attr.at
  if not src or not at then
    problems.add(string.format('%s: a .n span needs src= and at= (got src=%s at=%s)', place, tostring(src), tostring(at)))
    return nil
  end
  src = full_src(src, key, place)
  if not src then return nil end
  local data, rel = load_source(src)
  if not data then return nil end
  local v, why = walk(data, at)
  local where = rel .. ' ' .. at
  if v == nil then
    problems.add(string.format('%s: %s: %s', place, where, why))
    return nil
  end
  if attr.find then
    where = where .. ' ~ ' .. attr.find
    local cap = type(v) == 'string' and v:match(attr.find)
    if not cap then
      problems.add(string.format('%s: %s: pattern finds nothing in "%s"', place, where, tostring(v)))
      return nil
    end
    v = cap
  end
  local x = tonumber(v)
  if not x then
    problems.add(string.format('%s: %s is "%s", not a number', place, where, tostring(v)))
    return nil
  end
  -- over="<path>" (over-src="<src>", default the same source): a ratio the
  -- sentence states of two values the sources hold ("约为 3.8 倍").
  if attr.over then
    local osrc = full_src(attr['over-src'] or attr.src, key, place)
    if not osrc then return nil end
    local odata, orel = load_source(osrc)
    if not odata then return nil end
    local ov, owhy = walk(odata, attr.over)
    local owhere = orel .. ' ' .. attr.over
    if ov == nil then
      problems.add(string.format('%s: %s: %s', place, owhere, owhy))
      return nil
    end
    local y = tonumber(ov)
    if not y or y == 0 then
      problems.add(string.format('%s: %s is "%s", not a non-zero number', place, owhere, tostring(ov)))
      return nil
    end
    x = x / y
    where = where .. ' / ' .. owhere
  end
  local scale = 1
  if attr.scale then
    scale = tonumber(attr.scale)
    if not scale then
      problems.add(string.format('%s: scale="%s" is not a number', place, attr.scale))
      return nil
    end
    where = where .. ' × ' .. attr.scale
  end
  return x * scale, where
end

-- --------------------------------------------------------------- audit ----
-- Number tokens in a string: digit runs not part of a name (fp16, H200, L2,
-- FlashAttention-3, e4m3), with their decimals.
local function number_tokens(s)
  local out = {}
  for start, tok in s:gmatch('()(%d+%.?%d*)') do
    tok = tok:gsub('%.$', '')
    local before = start > 1 and s:sub(start - 1, start - 1) or ''
    local before2 = start > 2 and s:sub(start - 2, start - 2) or ''
    local after = s:sub(start + #tok, start + #tok)
    local in_name = before:match('[%a_]') or (before == '-' and before2:match('%a'))
      or after:match('[%a_]')
    -- gmatch restarts inside a skipped name's digits only after it; a digit
    -- before means this run continues a name's number (e.g. "H200" -> "00" never happens).
    if not in_name and not before:match('%d') and not (before == '.' and before2:match('%d')) then
      out[#out + 1] = tok
    end
  end
  return out
end

-- book/numbers-allowlist.txt: `<chapter> <number> <reason>`.
local function allowlist(rel)
  local text = repo.read(rel)
  if not text then error('numbers.lua: cannot read ' .. rel, 0) end
  local map = {}
  for _, e in ipairs(repo.list_entries(text)) do
    local number, reason = e.rest:match('^(%S+)%s+(.+)$')
    if not number then error('numbers.lua: ' .. rel .. ': entry "' .. e.name .. ' ' .. e.rest .. '" needs a number and a reason', 0) end
    map[e.name] = map[e.name] or {}
    map[e.name][number] = reason
  end
  return map
end

-- ---------------------------------------------------------------- spans ----
local span_count = 0
local bound_rows = {}  -- for the audit's listing: { tok, where }
-- "book/<page>.md:<line>" of the n-th `{.n` span: document order is source
-- order, and several input files (the EPUB) are read one after the other.
-- Also returns the page's chapter key (book/<key>.md).
local function span_place(n)
  local seen = 0
  for _, l in ipairs(page_lines) do
    for _ in l.text:gmatch('%]{%.n[%s}]') do
      seen = seen + 1
      if seen == n then return l.file .. ':' .. l.number, l.file:match('([^/]+)%.md$') end
    end
  end
  return page, page:match('([^/]+)%.md$')
end

local function bound_span(span)
  span_count = span_count + 1
  local at_page, key = span_place(span_count)
  local value, where = resolve(span.attributes, key, at_page)
  local written = pandoc.utils.stringify(span.content)
  if not value then return span.content end
  local tokens = number_tokens(written)
  local title = where .. ' = ' .. shortest(value, 6)
  if written:match('^%s*$') then
    local digits = tonumber(span.attributes.digits)
    local text = digits and string.format('%.' .. digits .. 'f', value) or shortest(value, 4)
    bound_rows[#bound_rows + 1] = { tok = text, where = where .. ' (inserted)' }
    return pandoc.Span({ pandoc.Str(text) }, pandoc.Attr('', { 'bound' }, { title = title }))
  end
  if #tokens ~= 1 then
    problems.add(string.format('%s: a .n span holds one number, got "%s"', at_page, written))
    return span.content
  end
  local tok = tokens[1]
  bound_rows[#bound_rows + 1] = { tok = tok, where = where }
  local decimals = #(tok:match('%.(%d+)$') or '')
  local want = string.format('%.' .. decimals .. 'f', value)
  if want ~= tok then
    problems.add(string.format('%s: the prose says %s, the source gives %s (%s = %s)', at_page, tok, want, where,
      shortest(value, 6)))
  end
  return pandoc.Span(span.content, pandoc.Attr('', { 'bound' }, { title = title }))
end

-- ----------------------------------------------------------- roof table ----
local function unit(key)
  if key == 'hbm' or key:match('^hbm') then return 1e-9, 'GB/s' end
  return 1e-12, 'TFLOP/s'
end

local function roof_table(div)
  local key = div.attributes.profile
  local data, rel = load_source('profile:' .. (key or '?'))
  if not data then return nil end
  local usage, order = {}, {}
  for _, b in ipairs(div.content) do
    if b.t == 'BulletList' then
      for _, item in ipairs(b.content) do
        local inl = item[1] and item[1].content or {}
        if inl[1] and inl[1].t == 'Code' then
          local rest = pandoc.List()
          for i = 2, #inl do rest:insert(inl[i]) end
          local text = pandoc.utils.stringify(rest):gsub('^%s*', ''):gsub('^：', ''):gsub('^:', ''):gsub('^%s*', '')
          usage[inl[1].text] = text
          order[#order + 1] = inl[1].text
        end
      end
    end
  end
  local rows = { '| 屋顶 | 理论值 | 标定系数 | 用在哪里 |', '| --- | --- | --- | --- |' }
  local seen = {}
  for _, roof in ipairs(data.roofs or {}) do
    local k = roof.key
    seen[k] = true
    if not usage[k] then
      problems.add(string.format('%s: roof-table: %s has roof %s; say where it is used in the div\'s list', page, rel, k))
    end
    local scale, u = unit(k)
    local cal = roof.calibration and shortest(tonumber(roof.calibration), 4) or '未标定'
    rows[#rows + 1] = string.format('| `%s` | %s %s | %s | %s |', k, shortest(tonumber(roof.theoretical) * scale, 4), u,
      cal, usage[k] or '')
  end
  for _, k in ipairs(order) do
    if not seen[k] then problems.add(string.format('%s: roof-table: %s has no roof %s', page, rel, k)) end
  end
  local md = table.concat(rows, '\n')
  if div.attributes.caption then md = md .. '\n\n: ' .. div.attributes.caption end
  local blocks = pandoc.read(md, 'markdown').blocks
  return pandoc.Div(blocks, pandoc.Attr(div.identifier, { 'roof-table' }, { ['data-source'] = rel }))
end

-- ---------------------------------------------------------------- walk ----
local audit_rows = {}
local function audit_inlines(inlines, allowed)
  for i, el in ipairs(inlines) do
    if el.t == 'Str' then
      for _, tok in ipairs(number_tokens(el.text)) do
        -- A few words either side, so the listing shows the sentence.
        local window = pandoc.List()
        for j = math.max(1, i - 4), math.min(#inlines, i + 4) do window:insert(inlines[j]) end
        local context = pandoc.utils.stringify(window):gsub('%s+', ' ')
        audit_rows[#audit_rows + 1] = { tok = tok, reason = allowed[tok], context = context }
      end
    end
  end
end

return { {
  Pandoc = function(doc)
    local key = repo.page_key()
    page = key and ('book/' .. key .. '.md') or 'book (the EPUB)'
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
    problems.raise()
    local audit = doc.meta['numbers-audit']
    if audit and pandoc.utils.stringify(audit) == 'true' then
      -- -M numbers-allowlist=<path from the repository root> (the filter's own test).
      local list = doc.meta['numbers-allowlist'] and pandoc.utils.stringify(doc.meta['numbers-allowlist'])
      local allowed = (allowlist(list or 'book/numbers-allowlist.txt')[key or ''] or {})
      -- Everything not prose is dropped before the count.
      local prose = doc:walk {
        Code = function() return {} end,
        CodeBlock = function() return {} end,
        -- Math is prose too: `$f = 1650$ MHz` quotes a number. Bind it as
        -- [$f = 1650$]{.n ...}; a formula's constants go in the allowlist.
        Math = function(m) return pandoc.Str(m.text) end,
        RawInline = function() return {} end,
        RawBlock = function() return {} end,
        Cite = function() return {} end,
        Span = function(s) if s.classes:includes('bound') then return {} end end,
        Div = function(d) if d.classes:includes('roof-table') then return {} end end,
      }
      for _, r in ipairs(bound_rows) do
        io.stderr:write(string.format('  %-10s %-8s %s\n', 'bound', r.tok, r.where))
      end
      local used, bad = {}, {}
      prose:walk { Inlines = function(inl) audit_inlines(inl, allowed) end }
      for _, r in ipairs(audit_rows) do
        used[r.tok] = true
        io.stderr:write(string.format('  %-10s %-8s in "%s"%s\n', r.reason and 'allowed' or 'UNBOUND', r.tok,
          r.context, r.reason and (' -- ' .. r.reason) or ''))
        if not r.reason then bad[#bad + 1] = r end
      end
      for tok in pairs(allowed) do
        if not used[tok] then
          bad[#bad + 1] = { tok = tok, stale = true }
        end
      end
      io.stderr:write(string.format('%s: %d bound number(s), %d allowed, %d problem(s)\n', page, span_count,
        #audit_rows - #bad, #bad))
      if #bad > 0 then
        local lines = {}
        for _, r in ipairs(bad) do
          if r.stale then
            lines[#lines + 1] = string.format('%s: number %s is listed in book/numbers-allowlist.txt but the page has no such unbound number (remove the entry)', page, r.tok)
          else
            lines[#lines + 1] = string.format('%s: number %s is bound to no source: "%s" (bind it with [%s]{.n src=… at=…}, or list it with a reason in book/numbers-allowlist.txt)',
              page, r.tok, r.context, r.tok)
          end
        end
        error('numbers.lua audit:\n  ' .. table.concat(lines, '\n  '), 0)
      end
    end
    return doc
  end,
} }
