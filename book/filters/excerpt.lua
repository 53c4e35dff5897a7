-- Filter 2: code excerpts cut from the compiled sources (the book holds no copy of code).
--   ```{.excerpt file="chapters/02-op-traffic/costs.cpp" region="gemm"}
-- becomes the lines between `//> gemm` and `//< gemm` in that file (markers of nested regions
-- dropped too, common indentation removed), as a C++ code block (`lang="..."` overrides it).
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'

local problems = repo.problems('excerpt.lua')

-- `//> name` opens a region, `//< name` closes it (Crafting Interpreters' markers).
local function marker(line)
  return line:match('^%s*//([<>])%s*(%S+)%s*$')
end

-- The region's lines, or nil and the reason.
local function cut(lines, region)
  local first, last
  for i, line in ipairs(lines) do
    local kind, name = marker(line)
    if name == region then
      if kind == '>' then
        if first then return nil, 'opens twice (lines ' .. first .. ' and ' .. i .. ')' end
        first = i
      elseif first and not last then
        last = i
      end
    end
  end
  if not first then return nil, 'has no `//> ' .. region .. '` marker' end
  if not last then return nil, 'is not closed by `//< ' .. region .. '` after line ' .. first end
  local out = {}
  for i = first + 1, last - 1 do
    if not marker(lines[i]) then out[#out + 1] = lines[i] end
  end
  return out
end

local function dedent(lines)
  local indent
  for _, line in ipairs(lines) do
    if line:match('%S') then
      local lead = #line:match('^ *')
      indent = indent and math.min(indent, lead) or lead
    end
  end
  local out = {}
  for i, line in ipairs(lines) do out[i] = line:sub((indent or 0) + 1) end
  while #out > 0 and not out[1]:match('%S') do table.remove(out, 1) end
  while #out > 0 and not out[#out]:match('%S') do table.remove(out) end
  return out
end

local function excerpt_block(block)
  if not block.classes:includes('excerpt') then return nil end
  local file, region = block.attributes.file, block.attributes.region
  if not file or not region then
    problems.add('an excerpt block needs file="<path from the repository root>" and region="<name>"')
    return nil
  end
  if block.text:match('%S') then
    problems.add('an excerpt block must be empty (its code comes from ' .. file .. ')')
    return nil
  end
  local text = repo.read(file)
  if not text then
    problems.add(string.format('source file missing: %s (region %s)', file, region))
    return nil
  end
  local lines, why = cut(repo.lines(text), region)
  if not lines then
    problems.add(string.format('region %s in %s %s', region, file, why))
    return nil
  end
  lines = dedent(lines)
  if #lines == 0 then
    problems.add(string.format('region %s in %s is empty', region, file))
    return nil
  end
  local code = pandoc.CodeBlock(table.concat(lines, '\n'),
    pandoc.Attr('', { block.attributes.lang or 'cpp' }))
  local label = pandoc.Para { pandoc.Code(file), pandoc.Space(), pandoc.Str('·'), pandoc.Space(), pandoc.Code(region) }
  return pandoc.Div({ label, code }, pandoc.Attr('', { 'excerpt' }, { ['data-source'] = file .. '#' .. region }))
end

return { {
  Pandoc = function(doc)
    doc = doc:walk { CodeBlock = excerpt_block }
    problems.raise()
    return doc
  end,
} }
