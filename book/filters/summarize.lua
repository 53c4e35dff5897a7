-- pandoc --from markdown+east_asian_line_breaks --to plain --lua-filter summarize.lua -o /dev/null book/<page>.md
-- with BOOK_SUMMARY_OUT=<dir>/<page>: writes what that page
-- tells the other pages (summaries.lua: its outline, its numbered figures and tables, its bound
-- numbers) into <dir>/<page>.outline, .numbered and .bound, as repo.derive reads them under
-- book/render.sh.
-- A file is rewritten only when its text changes: Ninja's restat then renders no other page
-- when an edit changed only the page's prose (book/render.sh).
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local summaries = require 'summaries'

local function write_if_changed(file, text)
  local f = io.open(file, 'rb')
  if f then
    local old = f:read('a')
    f:close()
    if old == text then return end
  end
  local tmp = file .. '.tmp'
  local out = assert(io.open(tmp, 'wb'))
  out:write(text)
  out:close()
  assert(os.rename(tmp, file))
end

function Pandoc(doc)
  local page, out = PANDOC_STATE.input_files[1], os.getenv('BOOK_SUMMARY_OUT')
  if #PANDOC_STATE.input_files ~= 1 or not out then error('summarize.lua: one page in, BOOK_SUMMARY_OUT set', 0) end
  local f = io.open(page, 'rb')
  if not f then error('summarize.lua: cannot read ' .. page, 0) end
  local text = f:read('a')
  f:close()
  -- The outline and the figures from the blocks Pandoc read (the page is its input: one
  -- parse), the bound numbers from its text.
  for what, fn in pairs(summaries.from_blocks) do
    write_if_changed(out .. '.' .. what, summaries.codecs[what].encode(fn(doc.blocks)))
  end
  write_if_changed(out .. '.bound', summaries.codecs.bound.encode(summaries.bound(text)))
  return pandoc.Pandoc({})
end
