-- Filter (PDF and EPUB only): words that hold only on a screen go from the
-- paged editions. A print page cannot scroll a box, and the EPUB shows long
-- outputs whole (book/epub.css), so "可以在框内滚动" is wrong in both.
--
--   * a span marked `[...]{.screen-only}` is dropped;
--   * so is each phrase of SCREEN_ONLY (with the comma before it), for prose
--     written before the span existed.
if FORMAT ~= 'latex' and not FORMAT:match('epub') then return {} end

local SCREEN_ONLY = { '可以在框内滚动' }

local function str(el)
  local text = el.text
  for _, phrase in ipairs(SCREEN_ONLY) do
    text = text:gsub('，' .. phrase, ''):gsub(phrase .. '，?', '')
  end
  if text == el.text then return nil end
  return pandoc.Str(text)
end

return { {
  Span = function(span)
    if span.classes:includes('screen-only') then return {} end
  end,
  Str = str,
} }
