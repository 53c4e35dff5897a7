-- The verbatim passages the book relies on: book/sources/passages/<entry>.txt, one file
-- per bibliography entry, read through repo.read (logged for the render cache).
--
--   # comment
--   @<passage-id> <where it stands in the source>
--   > first line of the passage, verbatim
--   > next line
--
-- A passage's text is its `> ` lines joined with newlines, as Markdown reads it (so
-- `code` and *emphasis* compare as the prose shows them). The same grammar is read by
-- book/tests/check_passages.py, which proves every passage against a stored copy of its source
-- (`# source:`, `# copy:` header lines) or lists it as `# unverifiable: <reason>`; a quote of
-- such a passage is refused (M.unverifiable, book/filters/sources.lua), and the 参考文献 marks
-- the entry 「（无法核对：<the file's `# bibliography-note:`>）」 (M.note).
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
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

-- What the 参考文献 says after an unverifiable entry, for the reader (Chinese, the file's
-- `# bibliography-note:`), or nil for an entry whose passages a stored copy proves.
function M.note(entry)
  load(entry)
  if not unverifiable[entry] then return nil end
  return notes[entry] or '仓库里没有它的原文副本'
end

return M
