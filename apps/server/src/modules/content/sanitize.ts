import sanitize from 'sanitize-html';

/**
 * The one HTML cleaner of stored content (activity bodies, articles). HTML is cleaned when it is
 * stored, so every reader (site, back office, support page) gets the same safe markup.
 *
 * Allowlist: text structure (headings, paragraphs, lists, tables, quotes, emphasis), links to
 * http(s)/mailto/tel or in-site paths, and images from our own server or https. No scripts,
 * event handlers, inline styles, forms or frames; unknown tags are dropped with their markup
 * (their text stays), script/style bodies are dropped whole.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'p', 'br', 'hr', 'div', 'span', 'section',
    'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'code',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    '*': ['class'],
  },
  // a few presentational classes the site styles; any other class is dropped
  allowedClasses: { '*': ['note', 'tip', 'warn', 'highlight', 'gold', 'center'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // links that leave the page never hand it a window.opener
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.target && out.target !== '_blank' && out.target !== '_self' && out.target !== '_top') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
  },
};

/** Clean stored HTML (see OPTIONS). */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/** Plain text for fields shown as text: control characters removed, whitespace runs kept readable. */
export function plainText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').replace(/\r\n?/g, '\n').trim();
}

/** Escape text for an HTML page we render ourselves (support, agent and partner pages). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
