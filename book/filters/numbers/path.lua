-- The path language of numbers.lua's `at=` and `over=` (CONTRIBUTING.md): `rows[kind=gemm].intensity`,
-- `[N]` from 0, `[f=v,g=w]` the one element where both hold.
local M = {}

-- The scalar fields of an element, to two levels ("name", "shape.m"): { path = text }.
local function scalar_fields(el)
  local out = {}
  local function add(prefix, t, depth)
    if type(t) ~= 'table' then return end
    for k, x in pairs(t) do
      if type(k) == 'string' then
        local name = prefix .. k
        if type(x) == 'table' then
          if depth < 2 then add(name .. '.', x, depth + 1) end
        else
          out[name] = { text = tostring(x), kind = type(x) }
        end
      end
    end
  end
  add('', el, 1)
  return out
end

-- Why selector sel is not enough: how many elements it matches, and an example selector with a
-- field that tells them apart (a flag or a name rather than a computed number).
local function ambiguous(sel, hits)
  local fields = {}
  for i, el in ipairs(hits) do
    for name, f in pairs(scalar_fields(el)) do
      fields[name] = fields[name] or { values = {}, kind = f.kind }
      fields[name].values[i] = f.text
    end
  end
  local differ = {}
  for name, f in pairs(fields) do
    local seen, distinct, varies = {}, true, false
    for i = 1, #hits do
      local x = f.values[i] or '(none)'
      if seen[x] then distinct = false end
      seen[x] = true
      if x ~= (f.values[1] or '(none)') then varies = true end
    end
    -- A value with , or ] cannot be written in a selector.
    local writable = f.values[1] and not f.values[1]:find('[,%]]')
    if varies then
      -- Best first: a flag, a short name, a number, a sentence.
      local short = (utf8.len(f.values[1] or '') or 99) <= 24
      local kind = f.kind == 'boolean' and 0 or f.kind == 'number' and 2 or short and 1 or 3
      differ[#differ + 1] = { name = name, rank = (distinct and 0 or 4) + kind, writable = writable, first = f.values[1] }
    end
  end
  table.sort(differ, function(a, b)
    if a.rank ~= b.rank then return a.rank < b.rank end
    return a.name < b.name
  end)
  local msg = string.format('[%s] matches %d elements, not one', sel, #hits)
  local names = {}
  for i = 1, math.min(#differ, 5) do names[i] = differ[i].name end
  for _, d in ipairs(differ) do
    if d.writable and d.rank < 4 then
      return string.format('%s; add a field that tells them apart, e.g. [%s,%s=%s] (they differ in %s)', msg, sel,
        d.name, d.first, table.concat(names, ', '))
    end
  end
  if #names > 0 then
    return string.format('%s; add a field that tells them apart (they differ in %s)', msg, table.concat(names, ', '))
  end
  return msg .. '; they are identical: bind to one by position, [N]'
end

-- Follows path into data; returns the value, or nil and why. Several elements matching a
-- selector are an error: the prose would bind to whichever comes first.
function M.walk(data, path)
  local v = data
  local rest = path
  while rest ~= '' do
    local key, after = rest:match('^%.?([^%.%[]+)(.*)$')
    if key then
      if type(v) ~= 'table' or v[key] == nil then return nil, 'no field "' .. key .. '"' end
      v, rest = v[key], after
    else
      local sel
      sel, after = rest:match('^(%b[])(.*)$')
      if not sel then return nil, 'cannot read "' .. rest .. '"' end
      sel = sel:sub(2, -2)
      if type(v) ~= 'table' then return nil, 'not a list before [' .. sel .. ']' end
      local index = tonumber(sel)
      if index then
        v = v[math.tointeger(index) + 1]
        if v == nil then return nil, 'no element [' .. sel .. ']' end
      else
        local conds = {}
        for c in sel:gmatch('[^,]+') do
          local field, want = c:match('^%s*([^=]+)=(.-)%s*$')
          if not field then return nil, 'selector [' .. sel .. '] is neither [N] nor [field=value,...]' end
          conds[#conds + 1] = { field = field, want = want }
        end
        local hits = {}
        for _, el in ipairs(v) do
          local all = true
          for _, c in ipairs(conds) do
            local got = M.walk(el, c.field)
            if got == nil or tostring(got) ~= c.want then all = false; break end
          end
          if all then hits[#hits + 1] = el end
        end
        if #hits == 0 then return nil, 'no element with ' .. sel end
        if #hits > 1 then return nil, ambiguous(sel, hits) end
        v = hits[1]
      end
      rest = after
    end
  end
  return v
end

return M
