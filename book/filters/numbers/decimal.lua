-- How numbers.lua writes a value: the shortest decimal form with at most
-- `max` decimals (default 4): 161.971726 -> "161.9717", 989.5 -> "989.5", 2 -> "2".
local M = {}

function M.shortest(x, max)
  local s = string.format('%.' .. (max or 4) .. 'f', x)
  if s:find('%.') then s = s:gsub('0+$', ''):gsub('%.$', '') end
  return s
end

return M
