/**
 * Structured data for search engines. The JSON is escaped so that no value can close the script element.
 * It is an inline script of type application/ld+json, which CSP does not execute or need to allow.
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
