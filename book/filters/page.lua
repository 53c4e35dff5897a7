-- Filter 3: turns a Markdown file into a page of the book.
--
-- HTML (one page per file):
--   * a chapter's first level-1 heading becomes the page title;
--   * chapter pages get a navigation bar (contents, previous, next);
--   * a `::: chapter-toc` div becomes the table of contents: every chapter of
--     chapters/chapters.list, with its sections, linking the chapter pages.
-- EPUB and PDF (all files in one book):
--   * the `chapter-toc` div lists the chapters only;
--   * links to `<chapter>.html` become links to that chapter's first heading.
package.path = pandoc.path.join { pandoc.path.directory(PANDOC_SCRIPT_FILE), '?.lua' } .. ';' .. package.path
local repo = require 'repo'

-- The EPUB and the PDF are one document: links stay inside it.
local is_epub = FORMAT:match('epub') ~= nil or FORMAT == 'latex'

-- Title inlines, heading id and level-2 sections of book/<key>.md.
local outline_cache = {}
local function outline(key)
  if outline_cache[key] then return outline_cache[key] end
  local rel = 'book/' .. key .. '.md'
  local text = repo.read(rel)
  if not text then error('page.lua: chapter page missing: ' .. rel .. ' (listed in chapters/chapters.list)', 0) end
  local info = { key = key, sections = {} }
  for _, b in ipairs(pandoc.read(text, 'markdown').blocks) do
    if b.t == 'Header' and b.level == 1 and not info.title then
      info.title, info.id = b.content, b.identifier
    elseif b.t == 'Header' and b.level == 2 then
      table.insert(info.sections, { title = b.content, id = b.identifier })
    end
  end
  if not info.title then error('page.lua: ' .. rel .. ' has no level-1 heading (the chapter title)', 0) end
  outline_cache[key] = info
  return info
end

local function link(inlines, target)
  return pandoc.Link(inlines, target)
end

local function chapter_toc()
  local items = {}
  for _, c in ipairs(repo.chapters()) do
    local o = outline(c.key)
    if is_epub then
      table.insert(items, { pandoc.Plain { link(o.title, '#' .. o.id) } })
    else
      local subs = {}
      for _, s in ipairs(o.sections) do
        table.insert(subs, { pandoc.Plain { link(s.title, c.key .. '.html#' .. s.id) } })
      end
      table.insert(items, { pandoc.Plain { link(o.title, c.key .. '.html') }, pandoc.BulletList(subs) })
    end
  end
  return pandoc.Div({ pandoc.BulletList(items) }, pandoc.Attr('', { 'chapter-toc' }))
end

-- Contents · previous chapter · next chapter.
local function nav_bar(key)
  local list = repo.chapters()
  local at
  for i, c in ipairs(list) do
    if c.key == key then at = i end
  end
  local inlines = pandoc.List { link({ pandoc.Str('目录') }, 'index.html') }
  -- The short label ("第 28 章") keeps the bar on one line; the full title is the tooltip.
  local function add(prefix, c, suffix)
    inlines:extend { pandoc.Space(), pandoc.Str('·'), pandoc.Space() }
    local title = pandoc.utils.stringify(outline(c.key).title)
    local short = select(2, repo.chapter_number(title)) or title
    inlines:insert(pandoc.Link({ pandoc.Str(prefix .. short .. suffix) }, c.key .. '.html', title))
  end
  if at and at > 1 then add('← ', list[at - 1], '') end
  if at and at < #list then add('', list[at + 1], ' →') end
  return pandoc.Div({ pandoc.Plain(inlines) }, pandoc.Attr('', { 'nav' }))
end

local function html_page(doc)
  local key = repo.page_key()
  if key and key ~= 'index' and repo.chapter(key) then
    local first = doc.blocks[1]
    if not (first and first.t == 'Header' and first.level == 1) then
      error('page.lua: book/' .. key .. '.md must start with its level-1 heading (the chapter title)', 0)
    end
    doc.meta['title-prefix'] = doc.meta.title
    doc.meta.title = pandoc.MetaInlines(first.content)
    doc.meta.subtitle = nil
    doc.blocks:remove(1)
    local nav = nav_bar(key)
    doc.meta['include-before'] = pandoc.MetaBlocks { nav }
    doc.blocks:insert(nav)
  end
  return doc
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

return { {
  Div = function(div)
    if div.classes:includes('chapter-toc') then return chapter_toc() end
  end,
}, {
  Link = function(l)
    if is_epub then return epub_link(l) end
  end,
  Pandoc = function(doc)
    if not is_epub then return html_page(doc) end
  end,
} }
