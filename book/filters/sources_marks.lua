-- Runs right after Pandoc's citeproc, on the 参考文献 it made: an entry whose passage file is
-- marked `# unverifiable:` ends with 「（无法核对：<its `# bibliography-note:`>）」 (the GB/T 7714
-- style prints no note), and an organisation's name stays as written (citeproc upper-cases a
-- `literal` author too: DEEPSEEK, where GB/T 7714 keeps DeepSeek).
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local passages = require 'sources_passages'

-- The upper-cased form of each literal author of book/sources/references.yaml -> the name as written.
local organisations
local function organisation_names()
  if organisations then return organisations end
  organisations = {}
  for name in (repo.read('book/sources/references.yaml') or ''):gmatch('literal:%s*([^\n]-)%s*\n') do
    organisations[pandoc.text.upper(name)] = name
  end
  return organisations
end

-- Appends inlines to a bibliography entry's text: its last block, inside its csl-right-inline
-- Span when there is one.
local function append_to_entry(blocks, inlines)
  for i = #blocks, 1, -1 do
    local b = blocks[i]
    if b.t == 'Div' then
      if append_to_entry(b.content, inlines) then return true end
    elseif b.t == 'Para' or b.t == 'Plain' then
      local last = b.content[#b.content]
      if last and last.t == 'Span' and last.classes:includes('csl-right-inline') then
        last.content:extend(inlines)
      else
        b.content:extend(inlines)
      end
      return true
    end
  end
  return false
end

return { {
  Div = function(div)
    local id = div.identifier:match('^ref%-(.+)$')
    if not (id and div.classes:includes('csl-entry')) then return nil end
    local names = organisation_names()
    div = div:walk { Str = function(str)  -- the author: the entry's first words, before its '.'
      local word, rest = str.text:match('^(.-)(%.?)$')
      if names[word] and word ~= names[word] then return pandoc.Str(names[word] .. rest) end
    end }
    local note = passages.note(id)
    if note then append_to_entry(div.content, { pandoc.Str('（无法核对：' .. note .. '）') }) end
    return div
  end,
} }
