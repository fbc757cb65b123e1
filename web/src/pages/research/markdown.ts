import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { viewerHref } from '../../lib/document-urls';
import { isTrustedLink } from './links';

const DOC_ID = /\b(?:id\s+)?([0-9a-f]{24})\b/g;
const HEX_ID = /^[0-9a-f]{24}$/;

/**
 * Gene's Markdown as safe HTML: marked renders, DOMPurify removes anything executable. Citations
 * are links to the viewer (`[census-1880.pdf, p. 2](/documents?view=<id>&page=2)`, decision 0100):
 * they are marked so a click opens the viewer in place. A bare 24-character id (older answers, or a
 * model that wrote one) becomes a link named after the document. Tables get a scroll container.
 */
export function renderAnswer(markdown: string, names: Map<string, string> = new Map()): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false }) as string;
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'img'],
    FORBID_ATTR: ['style'],
  });
  const template = document.createElement('template');
  template.innerHTML = clean;
  unlinkUntrusted(template.content);
  markCitations(template.content, names);
  linkDocumentIds(template.content, names);
  scrollableTables(template.content);
  for (const a of template.content.querySelectorAll('a[href]')) {
    if (a.hasAttribute('data-doc-id')) continue;
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}

/**
 * A link to anywhere but the product or a well-known record site becomes its plain text (issue 11,
 * point 8): text in an uploaded document may try to make Gene point the user to an address.
 * A bare URL as the link text stays readable but is no longer clickable.
 */
function unlinkUntrusted(root: DocumentFragment) {
  for (const a of root.querySelectorAll('a')) {
    const href = a.getAttribute('href');
    if (href && isTrustedLink(href, window.location.origin)) continue;
    a.replaceWith(document.createTextNode(a.textContent ?? ''));
  }
}

/** Words a citation asks the viewer to highlight on the page (`&q=`, issue 14): a name or a short phrase. */
const MAX_HIGHLIGHT = 200;

/** The document (and page, and words to highlight) a viewer link opens, or null for any other link. */
export function viewerTarget(href: string, origin: string): { id: string; page: number | null; q?: string } | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  const id = url.searchParams.get('view') ?? '';
  if (url.origin !== new URL(origin).origin || url.pathname !== '/documents' || !HEX_ID.test(id)) return null;
  const page = Number(url.searchParams.get('page'));
  const q = url.searchParams.get('q')?.replace(/\s+/g, ' ').trim().slice(0, MAX_HIGHLIGHT);
  return { id, page: Number.isInteger(page) && page > 0 ? page : null, ...(q ? { q } : {}) };
}

function markAsDocumentLink(
  a: HTMLAnchorElement,
  id: string,
  page: number | null,
  names: Map<string, string>,
  q?: string,
) {
  a.dataset.docId = id;
  if (page) a.dataset.page = String(page);
  if (q) a.dataset.q = q;
  a.className = 'doc-ref';
  const name = names.get(id);
  a.title = name ? `Open ${name}${page ? ` at page ${page}` : ''}` : 'Open this document';
}

function markCitations(root: DocumentFragment, names: Map<string, string>) {
  for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const target = viewerTarget(a.getAttribute('href') ?? '', window.location.origin);
    if (target) markAsDocumentLink(a, target.id, target.page, names, target.q);
  }
}

function linkDocumentIds(root: DocumentFragment, names: Map<string, string>) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const hits: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (parent?.closest('a, code, pre')) continue;
    DOC_ID.lastIndex = 0;
    if (DOC_ID.test(n.nodeValue ?? '')) hits.push(n as Text);
  }
  for (const node of hits) {
    const text = node.nodeValue ?? '';
    const frag = document.createDocumentFragment();
    let last = 0;
    for (const m of text.matchAll(DOC_ID)) {
      const id = m[1]!;
      frag.append(text.slice(last, m.index));
      const a = document.createElement('a');
      a.href = viewerHref(id);
      // The file name, not the id: "(id 65f0…)" reads "(baptism.txt)".
      a.textContent = names.get(id) ?? 'document';
      markAsDocumentLink(a, id, null, names);
      frag.append(a);
      last = (m.index ?? 0) + m[0].length;
    }
    frag.append(text.slice(last));
    node.replaceWith(frag);
  }
}

/** A wide table scrolls sideways inside the message, not the page (issue 13); keyboard users can scroll it too. */
function scrollableTables(root: DocumentFragment) {
  for (const table of root.querySelectorAll('table')) {
    const box = document.createElement('div');
    box.className = 'answer__table';
    box.tabIndex = 0;
    // A group, not a region: an answer may hold several tables and a page several answers, and
    // landmarks must each have a name of their own (axe landmark-unique).
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', tableName(table));
    table.replaceWith(box);
    box.append(table);
  }
}

/** "Table: <the heading above it>", or just "Table". */
function tableName(table: Element): string {
  for (let el = table.previousElementSibling; el; el = el.previousElementSibling) {
    if (/^H[1-6]$/.test(el.tagName)) {
      const heading = el.textContent?.trim();
      return heading ? `Table: ${heading}` : 'Table';
    }
  }
  return 'Table';
}

/** Search previews come as escaped text with <mark>; keep only that. */
export function safePreview(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });
}
