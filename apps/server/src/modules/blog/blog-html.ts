import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * A post's body → the HTML the site serves. The team writes Markdown (HTML inside it is allowed,
 * as in any Markdown); the rendered HTML then goes through an allow-list: only the tags and
 * attributes below survive, `script`, `style`, `iframe` and the like are dropped with their
 * content, event handlers (`on…`) and `style` attributes never pass, and links and images keep
 * only https/http/mailto or same-site URLs (no `javascript:`, `data:` or `//host`). What a
 * Ghost-style client sends goes through the same function, so nothing reaches a page unchecked.
 */
const marked = new Marked({ gfm: true, async: false });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Dropped with everything inside them, not just the tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's own title is the one h1.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // Links written by the team may point anywhere: they pass no referrer nor ranking.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  // A link whose URL was refused keeps its text.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/** Sanitises HTML from anyone (the editor, a Ghost-style client, an import). */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Renders a post body (Markdown with HTML allowed) to sanitised HTML. */
export function renderBlogBody(markdown: string): string {
  return sanitizeBlogHtml(marked.parse(markdown) as string);
}

/** The text of some HTML, whitespace folded: for descriptions and feed summaries. */
export function plainText(html: string, max = 300): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style'] })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
