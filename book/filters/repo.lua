-- Shared by the book's filters: the repository's files (paths from its root, so pandoc may run
-- from any directory), the chapter list, and how a filter fails.
local path = pandoc.path

local M = {}

-- p, made absolute from pandoc's working directory.
function M.absolute(p)
  if path.is_absolute(p) then return p end
  return path.join { pandoc.system.get_working_directory(), p }
end

M.root = path.directory(path.directory(path.directory(M.absolute(PANDOC_SCRIPT_FILE))))

function M.abs(rel)
  return path.join { M.root, rel }
end

-- BOOK_READ_LOG names a file that gets a line for every file a filter reads:
-- `<sha1>  <path>` (sha1sum's format), `-  <path>` for one that is missing.
local read_log_path = os.getenv('BOOK_READ_LOG')
local function log_read(hash, rel)
  if not read_log_path or read_log_path == '' then return end
  local log = io.open(read_log_path, 'a')
  if not log then error('cannot append to BOOK_READ_LOG ' .. read_log_path, 0) end
  log:write(hash, '  ', rel, '\n')
  log:close()
end

-- The bytes of a file (an absolute path), or nil; not logged.
function M.read_file(file)
  local f = io.open(file, 'rb')
  if not f then return nil end
  local text = f:read('a')
  f:close()
  return text
end

-- The bytes of rel, or nil when it cannot be read; logged.
function M.read(rel)
  local text = M.read_file(M.abs(rel))
  log_read(text and pandoc.utils.sha1(text) or '-', rel)
  return text
end

-- derive(rel, what, fn[, codec]): fn(bytes of rel), a value and that value as text, logged as
-- `<sha1 of the text>  @<what>:<rel>`, not as the file. Under book/render.sh another page's
-- value is the one its summary edge wrote (<BOOK_SUMMARY_DIR>/<page>.<what>, decoded by codec),
-- so that page's Markdown is not read again; the page being rendered takes its own from its
-- blocks (keep_own), so its render need not wait for its summary.
local summary_dir = os.getenv('BOOK_SUMMARY_DIR')
if summary_dir == '' then summary_dir = nil end

-- The first filter (numbers.lua) puts the page's own summaries, made from the blocks before any
-- filter changed them, into the metadata (keep_own); a filter that derives hands it over (own_from).
local OWN, own_meta = 'book-own-summary-', nil
function M.keep_own(doc, summaries)
  if not M.page_key() then return end
  for what, fn in pairs(summaries.from_blocks) do
    doc.meta[OWN .. what] = pandoc.MetaString(summaries.codecs[what].encode(fn(doc.blocks)))
  end
end
function M.own_from(meta) own_meta = meta end

function M.derive(rel, what, fn, codec)
  local key = path.split_extension(path.filename(rel))
  local own = key == M.page_key() and own_meta and own_meta[OWN .. what]
  local value, as_text
  if own and codec then
    value, as_text = codec.decode(pandoc.utils.stringify(own))
  elseif summary_dir and codec and key ~= M.page_key() then
    local file = path.join { summary_dir, key .. '.' .. what }
    local stored = M.read_file(file)
    if stored then
      value, as_text = codec.decode(stored)
    elseif io.open(M.abs(rel), 'rb') then
      error('no summary ' .. file .. ' of ' .. rel .. ' (book/render.sh makes one for every page it renders)', 0)
    end
  end
  if not as_text then
    local text = M.read_file(M.abs(rel))
    if not text then
      log_read('-', '@' .. what .. ':' .. rel)
      return nil
    end
    value, as_text = fn(text)
  end
  log_read(pandoc.utils.sha1(as_text), '@' .. what .. ':' .. rel)
  return value
end

function M.lines(text)
  local out = {}
  for line in (text .. (text:sub(-1) == '\n' and '' or '\n')):gmatch('(.-)\r?\n') do
    out[#out + 1] = line
  end
  return out
end

-- Non-comment, non-blank lines of a `name rest...` list, as {name, rest} pairs.
function M.list_entries(text)
  local out = {}
  for _, line in ipairs(M.lines(text)) do
    local name, rest = line:match('^%s*([^#%s]%S*)%s*(.-)%s*$')
    if name then out[#out + 1] = { name = name, rest = rest:gsub('%s+', ' ') } end
  end
  return out
end

-- chapters/chapters.list: { {key=, program=}, ... } in reading order, in the grammar of
-- scripts/lib/suite.py's CHAPTER_LINE. Read once per filter; each call returns a copy.
local chapter_list
function M.chapters()
  if not chapter_list then chapter_list = M.read_chapters() end
  return table.move(chapter_list, 1, #chapter_list, 1, {})
end

function M.read_chapters()
  local text = M.read('chapters/chapters.list')
  if not text then error('cannot read chapters/chapters.list under ' .. M.root, 0) end
  local out, seen = {}, {}
  for number, line in ipairs(M.lines((text:gsub('\r', '')))) do
    if not (line:match('^[ \t]*$') or line:match('^[ \t]*#')) then
      local key, program = line:match('^(%d%d%-[a-z0-9%-]+)[ \t]+([a-z][a-z0-9_]*)[ \t]*$')
      if not key then
        error(string.format('chapters/chapters.list:%d: a line must read `<NN-slug> <program>`, got: %s', number, line), 0)
      end
      if seen[key] then error(string.format('chapters/chapters.list:%d: chapter %s is listed twice', number, key), 0) end
      seen[key] = true
      out[#out + 1] = { key = key, program = program }
    end
  end
  return out
end

function M.chapter(key)
  for _, c in ipairs(M.chapters()) do
    if c.key == key then return c end
  end
  return nil
end

-- Exactly `28` or `28-op-ledger` -> the chapter, or nil (the rule of book/chapters.sh and
-- scripts/lib/suite.py: no prefix, no '').
function M.resolve_chapter(arg)
  for _, c in ipairs(M.chapters()) do
    if arg ~= '' and (c.key == arg or c.key:match('^[^-]*') == arg) then return c end
  end
  return nil
end

-- A chapter heading's text `第 N 章　标题` -> N; nil for any other heading.
function M.chapter_number(title)
  local n = title:match('^第%s*(%d+)%s*章')
  return n and tonumber(n)
end

-- `第 N 章` of a chapter key `NN-slug`.
function M.chapter_label(key)
  return '第 ' .. tonumber(key:match('^(%d+)')) .. ' 章'
end

function M.html_escape(s)
  return (tostring(s):gsub('[&<>"]', { ['&'] = '&amp;', ['<'] = '&lt;', ['>'] = '&gt;', ['"'] = '&quot;' }))
end

-- The heading of a part of the back matter: a part of the book in the EPUB and the PDF (where the
-- running header names it, not the last chapter's section), a section of the page in HTML.
function M.back_matter(title, id)
  local is_book = FORMAT:match('epub') ~= nil or FORMAT == 'latex'
  local blocks = pandoc.List { pandoc.Header(is_book and 1 or 2, { pandoc.Str(title) }, pandoc.Attr(id, { 'unnumbered' })) }
  if FORMAT == 'latex' then blocks:insert(pandoc.RawBlock('latex', '\\markboth{' .. title .. '}{' .. title .. '}')) end
  return blocks
end

-- The page being rendered, book/<key>.md, when pandoc reads one file; nil for the EPUB and the PDF.
function M.page_key()
  local files = PANDOC_STATE.input_files
  if #files ~= 1 then return nil end
  return (path.split_extension(path.filename(files[1])))
end

-- A filter records every problem and fails once at the end, naming them all.
function M.problems(filter_name)
  local list = {}
  return {
    add = function(msg) list[#list + 1] = msg end,
    raise = function()
      if #list == 0 then return end
      local inputs = {}
      for i, f in ipairs(PANDOC_STATE.input_files) do
        inputs[i] = pandoc.path.make_relative(M.absolute(f), M.root)
      end
      local input = table.concat(inputs, ' ')
      error(string.format('%s: %d problem(s) in %s:\n  %s', filter_name, #list, input,
        table.concat(list, '\n  ')), 0)
    end,
  }
end

return M
