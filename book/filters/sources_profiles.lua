-- book/sources/profiles.list: the bibliography entry behind each built-in machine profile
-- (book/tests/check_profile_sources.py checks that every roof's source names it).
local repo = require 'repo'

local M = {}

-- Every profile of the list, in its order: { profile = key, entry = bibliography key or nil }.
function M.entries()
  local out = {}
  for _, e in ipairs(repo.list_entries(repo.read('book/sources/profiles.list') or '')) do
    local entry = e.rest:match('^(%S+)')
    out[#out + 1] = { profile = e.name, entry = entry ~= '-' and entry or nil }
  end
  return out
end

-- The citation of the profile's entry, `[@entry]`, or '' when the list gives it none.
function M.citation(profile)
  for _, e in ipairs(M.entries()) do
    if e.profile == profile and e.entry then return '[@' .. e.entry .. ']' end
  end
  return ''
end

return M
