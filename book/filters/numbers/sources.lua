-- Where numbers.lua's values come from (src="<case>", "<chapter>/<case>": a --format json golden
-- file; "profile:<key>": common/profiles/<key>.yaml), and the bound value of a span. new(ctx): the
-- functions, sharing ctx.problems and ctx.page (the page's name for messages).
local repo = require 'repo'
local json = require 'numbers.json'
local path = require 'numbers.path'

local M = {}

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

function M.new(ctx)
  local problems = ctx.problems
  local S = {}
  local source_cache = {}

  -- The parsed source and its file, or nil (with the problem noted).
  function S.load(src)
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
        problems.add(string.format('%s: src must be "<chapter>/<case>" or "profile:<key>", got "%s"', ctx.page, src))
        source_cache[src] = { data = false }
        return nil
      end
      rel = 'golden/' .. chapter .. '/' .. case .. '.txt'
      local text = repo.read(rel)
      if text then
        local ok, parsed = pcall(json.decode, text)
        if ok then data = parsed else
          problems.add(string.format('%s: %s is not a --format json golden file (%s)', ctx.page, rel, parsed))
          source_cache[src] = { data = false, rel = rel }
          return nil
        end
      end
    end
    if data == nil then problems.add(string.format('%s: source missing: %s (src="%s")', ctx.page, rel, src)) end
    source_cache[src] = { data = data or false, rel = rel }
    return data, rel
  end

  -- src as S.load reads it: "<case>" of the page's own chapter, "02/<case>" by its key.
  local function full_src(src, key, place)
    if src:match('^profile:') then return src end
    local chapter, case = src:match('^([^/]+)/([^/]+)$')
    if not chapter then chapter, case = key, src end
    local c = repo.resolve_chapter(chapter)
    if c then return c.key .. '/' .. case end
    problems.add(string.format('%s: src="%s": no chapter "%s" in chapters/chapters.list', place, src, tostring(chapter)))
    return nil
  end

  -- The value at path `at` of source src, and where it is ("<file> <at>"); nil (noted) when none.
  local function value_at(src, at, key, place)
    src = full_src(src, key, place)
    if not src then return nil end
    local data, rel = S.load(src)
    if not data then return nil end
    local v, why = path.walk(data, at)
    local where = rel .. ' ' .. at
    if v == nil then
      problems.add(string.format('%s: %s: %s', place, where, why))
      return nil
    end
    return v, where
  end

  -- The bound value of a span's attributes and a description of its source; or nil.
  -- key: the chapter of the page the span is on; place: "book/<page>.md:<line>".
  function S.resolve(attr, key, place)
    local src, at = attr.src, attr.at
    if not src or not at then
      problems.add(string.format('%s: a .n span needs src= and at= (got src=%s at=%s)', place, tostring(src), tostring(at)))
      return nil
    end
    local v, where = value_at(src, at, key, place)
    if v == nil then return nil end
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
    if attr.over then  -- a ratio the sentence states ("约为 3.8 倍")
      local ov, owhere = value_at(attr['over-src'] or attr.src, attr.over, key, place)
      if ov == nil then return nil end
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

  return S
end

return M
