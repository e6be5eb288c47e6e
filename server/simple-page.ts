// A small self-contained HTML page for answers the server makes itself (refused posts, errors): no
// scripts and no styles, so `basePolicy` covers it.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function simplePage(title: string, text: string, backHref: string, backLabel = 'Go back to the form') {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(backHref)}">${escapeHtml(backLabel)}</a></p></main></body></html>
`;
}
