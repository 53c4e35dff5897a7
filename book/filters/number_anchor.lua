-- The anchor of a bound number in its page, from what keys it in an edition file (the span's
-- attributes, `#k` for the k-th alike: scripts/lib/editions.py's prose_numbers): numbers.lua
-- sets it on the number, editions.lua links the 勘误与变更 page's changed numbers to it.
local M = {}

-- Attributes as an edition file writes them: whitespace runs one space, none at the ends.
function M.attrs(text)
  return (text:gsub('%s+', ' '):gsub('^ ', ''):gsub(' $', ''))
end

function M.id(page_key, key)
  local h = 5381
  for i = 1, #key do h = (h * 33 + key:byte(i)) % 4294967296 end
  return string.format('n-%s-%08x', page_key, h)
end

return M
