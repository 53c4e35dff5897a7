-- pandoc --from markdown --to plain --lua-filter summaries_digest.lua -o /dev/null </dev/null
-- prints, one per line, what every page of chapters/chapters.list tells the other pages now
-- (summaries.lua), as repo.derive logs it: `<sha1>  @<what>:book/<chapter>.md`. book/render.sh
-- checks a kept page's `@` lines against these.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local summaries = require 'summaries'

return { {
  Pandoc = function(doc)
    for _, line in ipairs(repo.derived_lines(summaries.kinds, summaries, summaries.codecs)) do
      io.stdout:write(line, '\n')
    end
    return doc
  end,
} }
