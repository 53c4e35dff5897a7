-- Filter (HTML only): each golden block and excerpt gets style="--cols: N", its widest line in
-- columns (wrap.columns), from which book/html/page.css sets its width and font size. Then the
-- output and command blocks are written as the HTML Pandoc writes for them (plain_code.lua).
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
