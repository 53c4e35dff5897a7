-- pandoc --to plain --lua-filter summarize.lua -o /dev/null book/<page>.md, BOOK_SUMMARY_OUT=<dir>/<page>:
-- what the page tells the other pages (summaries.lua) into <dir>/<page>.outline, .numbered and
-- .bound, each rewritten only when its text changes (so Ninja's restat renders no other page).
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local summaries = require 'summaries'

local function write_if_changed(file, text)
  if repo.read_file(file) == text then return end
  local tmp = file .. '.tmp'
  local out = assert(io.open(tmp, 'wb'))
  out:write(text)
  out:close()
  assert(os.rename(tmp, file))
end

function Pandoc(doc)
  local page, out = PANDOC_STATE.input_files[1], os.getenv('BOOK_SUMMARY_OUT')
  if #PANDOC_STATE.input_files ~= 1 or not out then error('summarize.lua: one page in, BOOK_SUMMARY_OUT set', 0) end
  local text = repo.read_file(page)
  if not text then error('summarize.lua: cannot read ' .. page, 0) end
  -- The outline and the figures from the blocks Pandoc read, the bound numbers from its text.
  for what, fn in pairs(summaries.from_blocks) do
    write_if_changed(out .. '.' .. what, summaries.codecs[what].encode(fn(doc.blocks)))
  end
  write_if_changed(out .. '.bound', summaries.codecs.bound.encode(summaries.bound(text)))
  return pandoc.Pandoc({})
end
