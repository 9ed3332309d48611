/**
 * Editor HTML shaped like the site's stored HTML: ProseMirror writes every table row into
 * <tbody> with a <colgroup> and inline widths, and wraps each cell's text in <p>. The member
 * site styles a header row in <thead> and body cells and list items without paragraph margins,
 * so a first row of header cells goes back into <thead>, a cell or list item holding one plain
 * paragraph holds its text, and the widths go (the server's sanitizer would drop them anyway).
 */
export function tidyHtml(input: string): string {
  // empty paragraphs left at the end (an Enter too many) are not content
  const html = input.replace(/(?:<p><\/p>)+$/, '');
  if (!html.includes('<table') && !html.includes('<li')) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const table of Array.from(doc.querySelectorAll('table'))) {
    table.removeAttribute('style');
    table.querySelectorAll('colgroup').forEach((c) => c.remove());
    const body = table.tBodies[0];
    const first = body?.rows[0];
    if (body && first && !table.tHead && first.cells.length > 0 && Array.from(first.cells).every((c) => c.tagName === 'TH')) {
      const head = doc.createElement('thead');
      head.appendChild(first);
      table.insertBefore(head, body);
    }
  }
  for (const item of Array.from(doc.querySelectorAll('li'))) {
    const only = item.children.length === 1 ? item.firstElementChild : null;
    if (only && only.tagName === 'P' && !only.getAttribute('class') && item.childNodes.length === 1) item.innerHTML = only.innerHTML;
  }
  for (const cell of Array.from(doc.querySelectorAll('th, td'))) {
    if (cell.getAttribute('colspan') === '1') cell.removeAttribute('colspan');
    if (cell.getAttribute('rowspan') === '1') cell.removeAttribute('rowspan');
    cell.removeAttribute('style');
    const only = cell.children.length === 1 ? cell.firstElementChild : null;
    if (only && only.tagName === 'P' && !only.getAttribute('class') && cell.childNodes.length === 1) cell.innerHTML = only.innerHTML;
  }
  return doc.body.innerHTML;
}
