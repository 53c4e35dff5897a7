-- The verbatim passages the book relies on, book/sources/passages/<entry>.txt (docs/sources.md):
-- `@<passage-id> <where>` and its `> ` lines, whose text is read as Markdown (so `code` compares as
-- the prose shows it). book/tests/check_passages.py reads the same grammar.
local repo = require 'repo'

local M = {}
local cache = {}
local unverifiable = {}
local notes = {}

function M.file(entry) return 'book/sources/passages/' .. entry .. '.txt' end

-- entry -> { [id] = text } (empty when the entry stores none).
local function load(entry)
  if cache[entry] then return cache[entry] end
  local out, current = {}, nil
  local text = repo.read(M.file(entry))
  for number, line in ipairs(repo.lines(text or '')) do
    local id = line:match('^@(%S+)')
    local reason = line:match('^#%s*unverifiable:%s*(.-)%s*$')
    if reason then unverifiable[entry] = reason end
    local note = line:match('^#%s*bibliography%-note:%s*(.-)%s*$')
    if note then notes[entry] = note end
    if id then
      if out[id] then error(string.format('sources.lua: %s:%d: passage @%s twice', M.file(entry), number, id), 0) end
      current = { id = id, lines = {} }
      out[id] = current
    elseif line:match('^>') then
      if not current then error(string.format('sources.lua: %s:%d: a `>` line before any @passage', M.file(entry), number), 0) end
      current.lines[#current.lines + 1] = line:gsub('^> ?', '')
    elseif not (line:match('^%s*$') or line:match('^#')) then
      error(string.format('sources.lua: %s:%d: expected `@id where`, `> text`, `#` or a blank line', M.file(entry), number), 0)
    end
  end
  local texts = {}
  for id, p in pairs(out) do
    local doc = pandoc.read(table.concat(p.lines, '\n'), 'markdown')
    texts[id] = pandoc.utils.stringify(doc.blocks)
  end
  cache[entry] = texts
  return texts
end

-- The passage's text as the prose reads it, or nil when it is not stored.
function M.get(entry, id) return load(entry)[id] end

-- The reason the entry's passages could not be proven against a stored copy, or nil.
function M.unverifiable(entry)
  load(entry)
  return unverifiable[entry]
end

-- What the 参考文献 says after an unverifiable entry (the file's `# bibliography-note:`), or nil.
function M.note(entry)
  load(entry)
  if not unverifiable[entry] then return nil end
  return notes[entry] or '仓库里没有它的原文副本'
end

return M
