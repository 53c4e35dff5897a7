-- The code blocks of an HTML page that Pandoc would not highlight, as Pandoc's writer makes them.
-- With --highlight-style Pandoc looks each class of a code block up as a syntax; one that names
-- none (`output`, `command`) has it load every syntax it has, a third of a page's render. Such a
-- block's HTML is known: <pre class="..."><code>text</code></pre>, escaped as the writer escapes.
-- The writer numbers every code block without an id (cb1, ...) and shows the number on a
-- highlighted one, so a highlighted block gets it as its id. A page with a block of any other
-- class is left to Pandoc whole. book/plain-code checks the bytes against Pandoc's own.
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
