-- The code blocks of an HTML page that Pandoc would not highlight, as the HTML Pandoc's
-- writer makes of them.
--
-- With --highlight-style Pandoc looks each class of a code block up as a syntax name; a
-- class that names none (`output`, `command`: golden.lua's and editions.lua's blocks) has
-- it load every one of its syntaxes to search their short names and file extensions:
-- about 0.25 CPU s, once per Pandoc run, a third of a page's render. Such a block is not
-- highlighted either way, so its HTML is known: <pre class="..."><code>text</code></pre>
-- with the five characters the writer escapes escaped. The writer also numbers every
-- code block without an id (cb1, cb2, ...) and shows the number on a highlighted one, so
-- a highlighted block gets, as its id, the number it would have had. A page with a block
-- of any other class is left to Pandoc whole. book/plain-code checks the bytes against
-- Pandoc's own.
local M = {}

-- Classes no syntax of Pandoc's has as its name, short name or extension: written here.
M.PLAIN = { output = true, command = true }
-- Classes that name a syntax (the excerpts' languages; index.md's `sh`): Pandoc highlights them.
M.SYNTAX = { cpp = true, c = true, sh = true, bash = true, python = true, json = true,
  yaml = true, cmake = true, javascript = true, html = true, css = true, lua = true }

local ESCAPES = { ['&'] = '&amp;', ['<'] = '&lt;', ['>'] = '&gt;', ['"'] = '&quot;', ["'"] = '&#39;' }

-- 'plain' (written here), 'syntax' (highlighted by Pandoc), 'none' (no class: Pandoc's
-- plain <pre>, no number shown) or nil (not known: the page is left to Pandoc).
local function kind(block)
  if #block.classes == 0 then return 'none' end
  local plain = #block.attributes == 0
  for _, class in ipairs(block.classes) do
    if M.SYNTAX[class] then return 'syntax' end
    plain = plain and M.PLAIN[class]
  end
  return plain and 'plain' or nil
end

function M.html(block)
  return pandoc.RawBlock('html', '<pre class="' .. table.concat(block.classes, ' ') .. '"><code>'
    .. block.text:gsub('[&<>"\']', ESCAPES) .. '</code></pre>')
end

-- The document with its plain blocks written as HTML and its highlighted blocks numbered.
function M.page(doc)
  local known, any_plain = true, false
  doc:walk { CodeBlock = function(b)
    if b.identifier ~= '' then return nil end
    local k = kind(b)
    known = known and k ~= nil
    any_plain = any_plain or k == 'plain'
  end }
  if not (known and any_plain) then return nil end
  local number = 0
  return doc:walk { CodeBlock = function(b)
    if b.identifier ~= '' then return nil end
    number = number + 1
    local k = kind(b)
    if k == 'plain' then return M.html(b) end
    if k == 'syntax' then
      b.identifier = 'cb' .. number
      return b
    end
  end }
end

return M
