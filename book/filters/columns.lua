-- Filter: the HTML pages' outputs and code excerpts say how wide they are.
--
-- Each golden block and excerpt (the divs golden.lua and excerpt.lua make) gets
-- style="--cols: N": its widest line in terminal columns (wrap.columns: a Chinese
-- character two, anything else one). book/html/page.css sets the block's width and
-- font size from it, so that the widest line shows whole from a laptop's width up
-- (book/output-widths measures it in Chromium). The EPUB and the PDF wrap their
-- lines at a fixed width instead (paged.lua, print.lua).
--
-- Then each output and command block (golden.lua's and editions.lua's `.output`, `.command`)
-- is written as the HTML Pandoc writes for it (plain_code.lua): the same bytes, without
-- Pandoc looking for a syntax named `output`, which costs a page a quarter of a second.
if not FORMAT:match('html') or FORMAT:match('epub') then return {} end
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local wrap = require 'wrap'
local plain_code = require 'plain_code'

local function widths(div)
  if not (div.classes:includes('golden') or div.classes:includes('excerpt')) then return nil end
  local most = 0
  for _, block in ipairs(div.content) do
    if block.t == 'CodeBlock' then
      for line in (block.text .. '\n'):gmatch('([^\n]*)\n') do most = math.max(most, wrap.columns(line)) end
    end
  end
  if most == 0 then return nil end
  div.attributes.style = '--cols: ' .. most
  return div
end

-- Two passes: the widths read the code blocks before they become raw HTML.
return { { Div = widths }, { Pandoc = plain_code.page } }
