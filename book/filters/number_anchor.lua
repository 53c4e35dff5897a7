-- The anchor of a bound number in its page, from its key in an edition file (scripts/lib/editions.py's
-- prose_numbers): numbers.lua sets it on the number, editions.lua links to it.
local M = {}

-- A page's spans keyed in the page's order: their attributes (whitespace runs one space, none at
-- the ends), ` #k` added for the k-th alike.
function M.keyer()
  local seen = {}
  return function(text)
    local attrs = text:gsub('%s+', ' '):gsub('^ ', ''):gsub(' $', '')
    seen[attrs] = (seen[attrs] or 0) + 1
    return seen[attrs] == 1 and attrs or (attrs .. ' #' .. seen[attrs])
  end
end

function M.id(page_key, key)
  local h = 5381
  for i = 1, #key do h = (h * 33 + key:byte(i)) % 4294967296 end
  return string.format('n-%s-%08x', page_key, h)
end

return M
