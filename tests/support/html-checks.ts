import { HtmlValidate } from 'html-validate';

// Every page the site answers with, in every state that renders differently, is valid HTML by the HTML
// standard's rules (html-validate's `standard` preset). React's serialisation style (`<meta/>`,
// `noModule=""`) is valid HTML, and ids such as React's `_R_` are valid in HTML5: those three style rules
// are off, every other rule stands. A <style> is metadata content, allowed only in the <head> (or a
// <noscript> there); html-validate flags it under <body> or a <div> but not under <main> or <section>, so
// its parent is named here as the standard names it. The islands' prelude is in the <head>
// (src/components/site/island-prelude.tsx).
const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  elements: ['html5', { style: { permittedParent: ['head', 'noscript'] } }],
  rules: { 'valid-id': ['error', { relaxed: true }], 'attr-case': 'off', 'void-style': 'off' },
});

/** What html-validate finds wrong with a page, one line each (`name:line:column rule message`); empty when it is valid. */
export async function problemsOf(name: string, html: string): Promise<string[]> {
  const report = await validator.validateString(html, `${name}.html`);
  return report.results.flatMap((r) => r.messages.map((m) => `${name}:${m.line}:${m.column} ${m.ruleId} ${m.message}`));
}
