-- A small JSON reader for numbers.lua (Pandoc 2.17's Lua has none): objects,
-- arrays, strings, numbers, true/false/null. Integers stay exact (Lua 5.4
-- integers). decode(text) returns the value or raises "JSON: <what> at byte N".
local M = {}

function M.decode(text)
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

return M
