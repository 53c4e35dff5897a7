-- The path language of numbers.lua's `at=` and `over=`: keys separated by
-- dots, `[N]` the N-th element of a list (from 0, as in jq), `[field=value]`
-- the element whose field (itself a path) equals value, `[f=v,g=w]` both.
--   rows[kind=gemm].intensity
--   rows[kind=layernorm,shape.fused=true].sol_time_s
local M = {}

-- Follows path into data; returns the value, or nil and why.
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
        -- [field=value,field=value]: every condition holds.
        local conds = {}
        for c in sel:gmatch('[^,]+') do
          local field, want = c:match('^%s*([^=]+)=(.-)%s*$')
          if not field then return nil, 'selector [' .. sel .. '] is neither [N] nor [field=value,...]' end
          conds[#conds + 1] = { field = field, want = want }
        end
        local hit
        for _, el in ipairs(v) do
          local all = true
          for _, c in ipairs(conds) do
            local got = M.walk(el, c.field)
            if got == nil or tostring(got) ~= c.want then all = false; break end
          end
          if all then hit = el; break end
        end
        if not hit then return nil, 'no element with ' .. sel end
        v = hit
      end
      rest = after
    end
  end
  return v
end

return M
