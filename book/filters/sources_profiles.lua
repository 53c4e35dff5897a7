-- book/sources/profiles.list: the bibliography entry behind each built-in machine profile
-- (book/tests/check_profile_sources.py checks that every roof's source names it). Read through
-- repo.read, so a page that cites a profile's entry is rendered again when the list changes.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'

local M = {}

-- The citation of the profile's entry, `[@entry]`, or '' when the list gives it none.
function M.citation(profile)
  for _, e in ipairs(repo.list_entries(repo.read('book/sources/profiles.list') or '')) do
    if e.name == profile then
      local entry = e.rest:match('^(%S+)')
      if entry and entry ~= '-' then return '[@' .. entry .. ']' end
    end
  end
  return ''
end

-- Every profile of the list, in its order: { profile = key, entry = bibliography key or nil }.
function M.entries()
  local out = {}
  for _, e in ipairs(repo.list_entries(repo.read('book/sources/profiles.list') or '')) do
    local entry = e.rest:match('^(%S+)')
    out[#out + 1] = { profile = e.name, entry = entry ~= '-' and entry or nil }
  end
  return out
end

return M
