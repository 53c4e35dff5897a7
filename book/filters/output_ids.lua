-- Each published output's stable ID, 输出 28-3, from editions/ids.txt (docs/editions.md), shown
-- under every output and figure as a span with the id out-28-3, the 勘误与变更 page's link target.
local repo = require 'repo'

local M = {}
local ids  -- { ['golden/28-op-ledger/gemm-512.txt'] = '28-3' }

local function unescape(field)
  return (field:gsub('\\(.)', { t = '\t', r = '\r' }))
end

-- editions/ids.txt as { path = id }; also used by editions.lua.
function M.all()
  if not ids then
    ids = {}
    for line in (repo.read('editions/ids.txt') or ''):gmatch('[^\n]+') do
      local id, path = line:match('^([^#\t][^\t]*)\t([^\t]+)$')
      if id then ids[unescape(path)] = unescape(id) end
    end
  end
  return ids
end

function M.anchor(id)
  return 'out-' .. id
end

-- The inlines `输出 28-3` (a span anchored out-28-3) and a space, or nil when rel has no ID.
function M.label(rel)
  local id = M.all()[rel]
  if not id then return nil end
  return { pandoc.Span({ pandoc.Str('输出'), pandoc.Space(), pandoc.Str(id) }, pandoc.Attr(M.anchor(id), { 'output-id' })),
           pandoc.Space() }
end

return M
