import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { isTrustedLink } from './links';

const DOC_ID = /\b[0-9a-f]{24}\b/g;

/**
 * Gene's Markdown as safe HTML: marked renders, DOMPurify removes anything executable, then
 * every 24-character hex id in the text (a document reference) becomes a link that opens it.
 */
export function renderAnswer(markdown: string, names: Map<string, string> = new Map()): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false }) as string;
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'img'], FORBID_ATTR: ['style'] });
  const template = document.createElement('template');
  template.innerHTML = clean;
  unlinkUntrusted(template.content);
  linkDocumentIds(template.content, names);
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
      frag.append(text.slice(last, m.index));
      const a = document.createElement('a');
      a.href = `/documents#${m[0]}`;
      a.dataset.docId = m[0];
      a.className = 'doc-ref';
      const name = names.get(m[0]);
      a.textContent = m[0];
      a.title = name ? `Open document ${name}` : 'Open this document';
      frag.append(a);
      last = (m.index ?? 0) + m[0].length;
    }
    frag.append(text.slice(last));
    node.replaceWith(frag);
  }
}

/** Search previews come as escaped text with <mark>; keep only that. */
export function safePreview(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });
}

/** Plain text of Markdown (for the TXT export). */
export function markdownToText(markdown: string): string {
  const html = DOMPurify.sanitize(marked.parse(markdown, { async: false }) as string);
  const template = document.createElement('template');
  template.innerHTML = html.replace(/<\/(p|h[1-6]|li|tr|blockquote|pre)>/g, '</$1>\n').replace(/<br\s*\/?>/g, '\n');
  return (template.content.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
