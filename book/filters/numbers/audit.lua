-- numbers.lua's audit (`-M numbers-audit=true`; CONTRIBUTING.md, "The audit"): every number of
-- the prose no .n span binds is listed on stderr; one book/numbers-allowlist.txt does not list for
-- the page fails the render, and so does an entry the page no longer needs.
local repo = require 'repo'

local M = {}

-- Number tokens in a string: digit runs not part of a name (fp16, H200, L2,
-- FlashAttention-3, e4m3), with their decimals.
function M.number_tokens(s)
  local out = {}
  for start, tok in s:gmatch('()(%d+%.?%d*)') do
    tok = tok:gsub('%.$', '')
    local before = start > 1 and s:sub(start - 1, start - 1) or ''
    local before2 = start > 2 and s:sub(start - 2, start - 2) or ''
    local after = s:sub(start + #tok, start + #tok)
    local in_name = before:match('[%a_]') or (before == '-' and before2:match('%a'))
      or after:match('[%a_]')
    -- A digit or `<digit>.` before: the run continues a number already seen.
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

local function audit_inlines(inlines, allowed, audit_rows)
  for i, el in ipairs(inlines) do
    if el.t == 'Str' then
      for _, tok in ipairs(M.number_tokens(el.text)) do
        -- A few words either side, so the listing shows the sentence.
        local window = pandoc.List()
        for j = math.max(1, i - 4), math.min(#inlines, i + 4) do window:insert(inlines[j]) end
        local context = pandoc.utils.stringify(window):gsub('%s+', ' ')
        audit_rows[#audit_rows + 1] = { tok = tok, reason = allowed[tok], context = context }
      end
    end
  end
end

-- Audits doc after its spans are bound: key is the page's chapter (nil for several pages), page
-- its name for messages; the bound spans' rows ({ tok, where }) are listed first.
function M.run(doc, key, page, span_count, bound_rows)
  -- -M numbers-allowlist=<path from the repository root> (the filter's own test).
  local list = doc.meta['numbers-allowlist'] and pandoc.utils.stringify(doc.meta['numbers-allowlist'])
  local allowed = (allowlist(list or 'book/numbers-allowlist.txt')[key or ''] or {})
  local prose = doc:walk {
    Code = function() return {} end,
    CodeBlock = function() return {} end,
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
  local audit_rows = {}
  local used, bad = {}, {}
  prose:walk { Inlines = function(inl) audit_inlines(inl, allowed, audit_rows) end }
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

return M
