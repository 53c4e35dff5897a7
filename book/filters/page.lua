-- Filter 3: a Markdown file as a page of the book.
-- HTML (one page per file, book/html/page.html): the chapter's heading as the page title, the
-- navigation bar and the sidebar's contents, headings that link to themselves, display math in
-- its own box, inline math kept on a line with the Chinese punctuation after it, and the
-- `::: chapter-toc` div as every chapter with its sections.
-- EPUB and PDF (one document): the chapter-toc lists the chapters only, and links to
-- `<chapter>.html` go to that chapter's heading. Every format: `[]{.chapter-programs}` and
-- `[]{.machine-profiles}` become their lists, so no page names the chapters by hand.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'
local summaries = require 'summaries'
local sources_profiles = require 'sources_profiles'

-- The EPUB and the PDF are one document: links stay inside it.
local is_epub = FORMAT:match('epub') ~= nil or FORMAT == 'latex'

-- Title inlines, heading id and level-2 sections of book/<key>.md.
local outline_cache = {}
local function outline(key)
  if outline_cache[key] then return outline_cache[key] end
  local rel = 'book/' .. key .. '.md'
  local info = repo.derive(rel, 'outline', summaries.outline, summaries.codecs.outline)
  if not info then error('page.lua: chapter page missing: ' .. rel .. ' (listed in chapters/chapters.list)', 0) end
  info.key = key
  if not info.title then error('page.lua: ' .. rel .. ' has no level-1 heading (the chapter title)', 0) end
  outline_cache[key] = info
  return info
end

-- A page's sections as a list of links, each `<page>#<id>`.
local function section_list(key, page)
  local items = {}
  for _, s in ipairs(outline(key).sections) do
    table.insert(items, { pandoc.Plain { pandoc.Link(s.title, page .. '#' .. s.id) } })
  end
  return pandoc.BulletList(items)
end

local function chapter_toc()
  local items = {}
  for _, c in ipairs(repo.chapters()) do
    local o = outline(c.key)
    if is_epub then
      table.insert(items, { pandoc.Plain { pandoc.Link(o.title, '#' .. o.id) } })
    else
      table.insert(items, { pandoc.Plain { pandoc.Link(o.title, c.key .. '.html') }, section_list(c.key, c.key .. '.html') })
    end
  end
  return pandoc.Div({ pandoc.BulletList(items) }, pandoc.Attr('', { 'chapter-toc' }))
end

-- The HTML pages in reading order: the index, every chapter, the appendix.
local function reading_order()
  local list = { { key = 'index', title = { pandoc.Str('关于本书') } } }
  for _, c in ipairs(repo.chapters()) do table.insert(list, { key = c.key, title = outline(c.key).title }) end
  table.insert(list, { key = 'errata', title = outline('errata').title })
  return list
end

-- Previous page · contents · next page. Each link reads as the page it opens (「← 第 2 章　…」),
-- so a reader, or a screen reader, knows where it goes.
local function nav_bar(key)
  local list = reading_order()
  local at
  for i, c in ipairs(list) do
    if c.key == key then at = i end
  end
  local inlines = pandoc.List()
  local function add(prefix, c, suffix, class)
    local title = pandoc.utils.stringify(c.title)
    inlines:insert(pandoc.Link({ pandoc.Str(prefix .. title .. suffix) }, c.key .. '.html', title, { rel = class }))
  end
  if at and at > 1 then add('← ', list[at - 1], '', 'prev') end
  if key ~= 'index' then
    -- The index's 目录 section (its heading's id), not the top of 关于本书.
    inlines:insert(pandoc.Link({ pandoc.Str('目录') }, 'index.html#目录', '', { class = 'contents' }))
  end
  if at and at < #list then add('', list[at + 1], ' →', 'next') end
  return pandoc.Div({ pandoc.Plain(inlines) }, pandoc.Attr('', { 'nav' }))
end

-- The sidebar: every page, the open page's sections under it, then the back matter.
local function sidebar(key)
  local items = {}
  for _, c in ipairs(reading_order()) do
    local entry = { pandoc.Plain { pandoc.Link(c.title, c.key .. '.html', '', c.key == key and { class = 'current' } or {}) } }
    if c.key == key and c.key ~= 'index' then table.insert(entry, section_list(c.key, '')) end
    table.insert(items, entry)
  end
  local back = {}
  for _, b in ipairs { { '术语表', 'glossary' }, { '参考文献', 'references' }, { '版权页', 'colophon' } } do
    table.insert(back, { pandoc.Plain { pandoc.Link({ pandoc.Str(b[1]) }, 'index.html#' .. b[2]) } })
  end
  return pandoc.MetaBlocks { pandoc.BulletList(items), pandoc.Div({ pandoc.BulletList(back) }, pandoc.Attr('', { 'back-matter' })) }
end

-- A heading links to itself, to copy or share; the table of contents takes the text without it.
local function heading_anchor(h)
  if h.identifier == '' or h.level < 2 then return nil end
  h.content = { pandoc.Link(h.content, '#' .. h.identifier, '', { class = 'anchor' }) }
  return h
end

-- Plain parentheses as fixed-size operators: texmath makes "(3e)" a stretchy fence, which
-- Chromium sets with gaps ("1/ ( 3e )"). \left( \right) and \big( stay stretchy.
local function fixed_parens(tex)
  local kept = {}
  tex = tex:gsub('(\\%a+)([%(%)])', function(cmd, paren)
    kept[#kept + 1] = cmd .. paren
    return '\0' .. #kept .. '\0'
  end)
  tex = tex:gsub('[%(%)]', '{%0}')
  return (tex:gsub('\0(%d+)\0', function(i) return kept[tonumber(i)] end))
end

-- Display math in a box of its own that scrolls when wider than the page.
local function contained_math(m)
  m.text = fixed_parens(m.text)
  if m.mathtype == 'DisplayMath' then return pandoc.Span({ m }, pandoc.Attr('', { 'math', 'display' })) end
  return m
end

local CJK_CLOSING = { '，', '。', '；', '：', '、', '）', '」', '』', '！', '？', '》', '…' }
local function starts_with_closing(text)
  for _, p in ipairs(CJK_CLOSING) do
    if text:sub(1, #p) == p then return p end
  end
end

-- Inline math and the Chinese punctuation after it stay on one line (a line
-- never starts with "，"); a line break in the source after math stays a space.
local function math_neighbours(inlines)
  local out = pandoc.List()
  local i = 1
  while i <= #inlines do
    local el, nxt = inlines[i], inlines[i + 1]
    if el.t == 'Math' and el.mathtype == 'InlineMath' and nxt and nxt.t == 'Str' and starts_with_closing(nxt.text) then
      local p = starts_with_closing(nxt.text)
      out:insert(pandoc.Span({ el, pandoc.Str(p) }, pandoc.Attr('', { 'nobr' })))
      local rest = nxt.text:sub(#p + 1)
      if rest ~= '' then out:insert(pandoc.Str(rest)) end
      i = i + 2
    elseif el.t == 'Math' and nxt and nxt.t == 'SoftBreak' then
      out:insert(el)
      out:insert(pandoc.Space())
      i = i + 2
    else
      out:insert(el)
      i = i + 1
    end
  end
  return out
end

-- A figure (golden.lua's div) as <figure> with its caption in <figcaption>, keeping every
-- attribute golden.lua gave it, in its order.
local function html_figure(div)
  if not div.classes:includes('figure') then return nil end
  local caption = div.content[#div.content]
  local attributes = ''
  for name, value in pairs(div.attributes) do
    attributes = attributes .. string.format(' %s="%s"', name, repo.html_escape(value))
  end
  local out = pandoc.List {
    pandoc.RawBlock('html', string.format('<figure id="%s" class="figure"%s>', div.identifier, attributes)),
  }
  for i = 1, #div.content - 1 do out:insert(div.content[i]) end
  out:insert(pandoc.RawBlock('html', '<figcaption>'))
  out:insert(pandoc.Plain(caption.content))
  out:insert(pandoc.RawBlock('html', '</figcaption>\n</figure>'))
  return out
end

local function html_page(doc)
  local key = repo.page_key()
  if not key then return doc end
  repo.own_from(doc.meta)
  doc.meta['book-name'] = doc.meta.title
  local in_book = false
  for _, c in ipairs(reading_order()) do
    if c.key == key then in_book = true end
  end
  if key ~= 'index' and in_book then
    local first = doc.blocks[1]
    if not (first and first.t == 'Header' and first.level == 1) then
      error('page.lua: book/' .. key .. '.md must start with its level-1 heading (the page title)', 0)
    end
    -- The tab reads the chapter first, then the book.
    doc.meta['title-prefix'] = doc.meta.title
    doc.meta.title = pandoc.MetaInlines(first.content)
    doc.meta.subtitle = nil
    doc.blocks:remove(1)
  end
  if key == 'index' then
    -- The title block holds the page's one <h1> (the book's title): 关于本书 is a section of it.
    doc.blocks = doc.blocks:walk { Header = function(h) if h.level == 1 then h.level = 2 return h end end }
  end
  if in_book then
    doc.meta.nav = pandoc.MetaBlocks { nav_bar(key) }
    doc.meta.sidebar = sidebar(key)
  end
  return doc:walk { Header = heading_anchor, Math = contained_math, Inlines = math_neighbours, Div = html_figure }
end

local function epub_link(l)
  local page, frag = l.target:match('^([%w%-]+)%.html#?(.*)$')
  if not page then return nil end
  if page == 'index' then
    local first = pandoc.read(repo.read('book/index.md'), 'markdown').blocks[1]
    l.target = '#' .. (first and first.identifier or '')
  elseif repo.chapter(page) then
    l.target = '#' .. (frag ~= '' and frag or outline(page).id)
  end
  return l
end

-- 第 2 章的 `op_traffic`、第 28 章的 `op_ledger`、…, from chapters/chapters.list.
local function chapter_programs()
  local out = pandoc.Inlines {}
  for i, c in ipairs(repo.chapters()) do
    if i > 1 then out:insert(pandoc.Str('、')) end
    out:insert(pandoc.Str(repo.chapter_label(c.key) .. '的 '))
    out:insert(pandoc.Code(c.program))
  end
  return out
end

-- HTML and EPUB: inline code with a hyphen breaks only after a `/` or at a space (each part up
-- to its slash unbreakable in book.css): a break at a hyphen, `h100-` / `spec`, reads as a hyphenation.
local function path_code(code)
  if FORMAT == 'latex' or not code.text:find('-', 1, true) or #code.classes > 0 then
    return nil
  end
  local out = {}
  for space, word in code.text:gmatch('(%s*)(%S*)') do
    out[#out + 1] = space
    local parts = {}
    for part in word:gmatch('[^/]*/?') do
      if part ~= '' then parts[#parts + 1] = '<span class="path-part">' .. repo.html_escape(part) .. '</span>' end
    end
    out[#out + 1] = table.concat(parts, '<wbr/>')
  end
  -- A line may end before a code that starts with a hyphen: Unicode's rules never break before
  -- one, and `、--topk` ran past a 600 px EPUB page.
  local start = code.text:match('^%-') and '<wbr/>' or ''
  return pandoc.RawInline('html', '<code>' .. start .. table.concat(out) .. '</code>')
end

-- `[]{.machine-profiles}`: the built-in profiles citing their sources (book/sources/profiles.list),
-- then those without one.
local function machine_profiles()
  local out, without = pandoc.Inlines {}, {}
  for _, e in ipairs(sources_profiles.entries()) do
    if e.entry then
      if #out > 0 then out:insert(pandoc.Str('、')) end
      out:insert(pandoc.Code(e.profile))
      out:extend(pandoc.read('[@' .. e.entry .. ']', 'markdown').blocks[1].content)
    else
      without[#without + 1] = e.profile
    end
  end
  for i, profile in ipairs(without) do
    out:insert(pandoc.Str(i == 1 and '；' or '、'))
    out:insert(pandoc.Code(profile))
  end
  if #without > 0 then out:insert(pandoc.Str(' 的屋顶数值没有可引的数据手册')) end
  return out
end

-- The lists made here first, then every inline code (theirs too) made unbreakable at its hyphens.
return { {
  Div = function(div)
    if div.classes:includes('chapter-toc') then return chapter_toc() end
  end,
  Span = function(span)
    if span.classes:includes('chapter-programs') then return chapter_programs() end
    if span.classes:includes('machine-profiles') then return machine_profiles() end
  end,
}, {
  Code = path_code,
}, {
  Link = function(l)
    if is_epub then return epub_link(l) end
  end,
  Pandoc = function(doc)
    if not is_epub then return html_page(doc) end
    if FORMAT:match('epub') then return doc:walk { Inlines = math_neighbours, Div = html_figure } end
  end,
} }
