-- Filter (PDF and EPUB only): words that hold only on a screen go (a print page cannot scroll a
-- box, the EPUB shows long outputs whole): a `[...]{.screen-only}` span, and each phrase of
-- SCREEN_ONLY. The EPUB's outputs and code wrap at EPUB_COLUMNS, each continuation starting with
-- ↪ (a reader cannot scroll sideways; book/epub.css sizes them to fit a 600 px screen).
if FORMAT ~= 'latex' and not FORMAT:match('epub') then return {} end

package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local wrap = require 'wrap'

local EPUB_COLUMNS = 64

local SCREEN_ONLY = { '可以在框内滚动' }

local function str(el)
  local text = el.text
  for _, phrase in ipairs(SCREEN_ONLY) do
    text = text:gsub('，' .. phrase, ''):gsub(phrase .. '，?', '')
  end
  if text == el.text then return nil end
  return pandoc.Str(text)
end

local function wrapped_code(div)
  if FORMAT == 'latex' or not (div.classes:includes('golden') or div.classes:includes('excerpt')) then return nil end
  return div:walk { CodeBlock = function(b)
    b.text = wrap.wrap_lines(b.text, EPUB_COLUMNS)
    return b
  end }
end

-- EPUB: metadata.yaml's `rights` is a note on where the outputs come from (the PDF's title page
-- prints it), not a statement of rights, which is what a reader's library shows dc:rights as.
local function meta(m)
  if FORMAT:match('epub') then m.rights = nil return m end
end

return { {
  Meta = meta,
  Div = wrapped_code,
  Span = function(span)
    if span.classes:includes('screen-only') then return {} end
  end,
  Str = str,
} }
