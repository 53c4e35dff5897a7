-- Shared by the book's filters: where the repository is, how to read its
-- files, the chapter list, and how a filter fails.
--
-- Every path is resolved from the repository root, found from this file's own
-- location (book/filters/), so pandoc may run from any directory.
local path = pandoc.path

local M = {}

-- p, made absolute from pandoc's working directory.
function M.absolute(p)
  if path.is_absolute(p) then return p end
  return path.join { pandoc.system.get_working_directory(), p }
end

-- book/filters/<filter>.lua -> book/filters -> book -> repository root
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

local function read_unlogged(rel)
  local f = io.open(M.abs(rel), 'rb')
  if not f then return nil end
  local text = f:read('a')
  f:close()
  return text
end

-- Returns the file's bytes, or nil when it cannot be read.
function M.read(rel)
  local text = read_unlogged(rel)
  log_read(text and pandoc.utils.sha1(text) or '-', rel)
  return text
end

-- derive(rel, what, fn[, codec]): fn(bytes of rel) (nil when rel is missing), where fn returns
-- a value and that value as text (summaries.lua's outline and numbered). Logged as what the
-- caller took, `<sha1 of the text>  @<what>:<rel>`, not as the file. Under book/render.sh
-- (BOOK_SUMMARY_DIR) another page's value is the one its summary edge wrote,
-- <dir>/<page>.<what> (book/filters/summarize.lua, decoded by codec), which Ninja keeps up to
-- date: that page's Markdown is not read again. The page being rendered computes its own (its
-- Markdown is its edge's input already), so its render need not wait for its summary.
local summary_dir = os.getenv('BOOK_SUMMARY_DIR')
if summary_dir == '' then summary_dir = nil end

-- The page's own summaries without parsing its Markdown again: the first filter (numbers.lua)
-- puts them into the document's metadata, made from the blocks Pandoc read before any filter
-- changed them (keep_own), and a filter that derives hands derive that metadata (own_from).
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
  if own and codec then
    local value, as_text = codec.decode(pandoc.utils.stringify(own))
    log_read(pandoc.utils.sha1(as_text), '@' .. what .. ':' .. rel)
    return value
  end
  if summary_dir and codec and key ~= M.page_key() then
    local file = path.join { summary_dir, key .. '.' .. what }
    local kept = io.open(file, 'rb')
    if kept then
      local stored = kept:read('a')
      kept:close()
      local value, as_text = codec.decode(stored)
      log_read(pandoc.utils.sha1(as_text), '@' .. what .. ':' .. rel)
      return value
    end
    if io.open(M.abs(rel), 'rb') then
      error('no summary ' .. file .. ' of ' .. rel .. ' (book/render.sh makes one for every page it renders)', 0)
    end
  end
  local text = read_unlogged(rel)
  if not text then
    log_read('-', '@' .. what .. ':' .. rel)
    return nil
  end
  local value, as_text = fn(text)
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

-- chapters/chapters.list: { {key=, program=}, ... } in reading order. The grammar is
-- scripts/lib/suite.py's CHAPTER_LINE (CR ignored; blank and `#` lines skipped); a line
-- that breaks it fails the render, naming it. Read once per filter (numbers.lua asks for
-- every span it binds); each call returns a list of its own, which the caller may extend.
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

-- Exactly `28` or `28-op-ledger` -> the chapter {key=, program=}, or nil for anything
-- else, a prefix or '' included (the rule of book/chapters.sh and scripts/lib/suite.py).
function M.resolve_chapter(arg)
  for _, c in ipairs(M.chapters()) do
    if arg ~= '' and (c.key == arg or c.key:match('^[^-]*') == arg) then return c end
  end
  return nil
end

-- A chapter heading's text `第 N 章　标题` -> N (a number) and its `第 N 章`;
-- nil for any other heading.
function M.chapter_number(title)
  local prefix, n = title:match('^(第%s*(%d+)%s*章)')
  if not n then return nil end
  return tonumber(n), prefix
end

-- The page being rendered, book/<key>.md, when pandoc reads one file; nil for
-- several (the EPUB and the PDF).
function M.page_key()
  local files = PANDOC_STATE.input_files
  if #files ~= 1 then return nil end
  return (path.split_extension(path.filename(files[1])))
end

-- A filter records every problem and fails once at the end, so one render
-- names everything that is missing, not just the first.
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
