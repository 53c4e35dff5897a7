-- numbers.lua's table of a profile's roofs (CONTRIBUTING.md, "Numbers in the prose"), one row per
-- roof of the profile, the div's list giving where each is used. new(ctx, sources): the Div handler.
local decimal = require 'numbers.decimal'

local M = {}

local function unit(key)
  if key == 'hbm' or key:match('^hbm') then return 1e-9, 'GB/s' end
  return 1e-12, 'TFLOP/s'
end

function M.new(ctx, sources)
  local problems = ctx.problems
  return function(div)
    local key = div.attributes.profile
    local data, rel = sources.load('profile:' .. (key or '?'))
    if not data then return nil end
    local usage, order = {}, {}
    for _, b in ipairs(div.content) do
      if b.t == 'BulletList' then
        for _, item in ipairs(b.content) do
          local inl = item[1] and item[1].content or {}
          if inl[1] and inl[1].t == 'Code' then
            local rest = pandoc.List()
            for i = 2, #inl do rest:insert(inl[i]) end
            local text = pandoc.utils.stringify(rest):gsub('^%s*', ''):gsub('^：', ''):gsub('^:', ''):gsub('^%s*', '')
            usage[inl[1].text] = text
            order[#order + 1] = inl[1].text
          end
        end
      end
    end
    local rows = { '| 屋顶 | 理论值 | 标定系数 | 用在哪里 |', '| --- | ---: | ---: | --- |' }  -- numbers flush right
    local seen = {}
    for _, roof in ipairs(data.roofs or {}) do
      local k = roof.key
      seen[k] = true
      if not usage[k] then
        problems.add(string.format('%s: roof-table: %s has roof %s; say where it is used in the div\'s list', ctx.page, rel, k))
      end
      local scale, u = unit(k)
      local cal = roof.calibration and decimal.shortest(tonumber(roof.calibration), 4) or '未标定'
      rows[#rows + 1] = string.format('| `%s` | %s %s | %s | %s |', k, decimal.shortest(tonumber(roof.theoretical) * scale, 4),
        u, cal, usage[k] or '')
    end
    for _, k in ipairs(order) do
      if not seen[k] then problems.add(string.format('%s: roof-table: %s has no roof %s', ctx.page, rel, k)) end
    end
    local md = table.concat(rows, '\n')
    if div.attributes.caption then
      -- The caption cites the profile's entry, before a trailing {#id}.
      local cite = require('sources_profiles').citation(key)
      local text, id = div.attributes.caption:match('^(.-)(%s*{#[^}]*})%s*$')
      md = md .. '\n\n: ' .. (text and (text .. cite .. id) or (div.attributes.caption .. cite))
    end
    local blocks = pandoc.read(md, 'markdown').blocks
    -- No widths from the separator's dashes (a long row made them four quarters, and the last
    -- column wrapped a word): each format sizes the columns by their cells.
    for _, b in ipairs(blocks) do
      if b.t == 'Table' then
        for i, spec in ipairs(b.colspecs) do b.colspecs[i] = { spec[1], nil } end
      end
    end
    return pandoc.Div(blocks, pandoc.Attr(div.identifier, { 'roof-table' }, { ['data-source'] = rel }))
  end
end

return M
