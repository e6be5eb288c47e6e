import { site } from '@/lib/config/site';
import { absoluteUrl, type PageMeta } from '@/lib/metadata';

/** The <head> tags of one page (rendered inside the layout's <head>). */
export function PageHead({ meta }: { meta: PageMeta }) {
  const url = meta.path ? absoluteUrl(meta.path) : undefined;
  const image = meta.image ? absoluteUrl(meta.image.url) : undefined;
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.noindex ? <meta name="robots" content="noindex" /> : null}
      {url ? <link rel="canonical" href={url} /> : null}
      {meta.alternates?.map((a) => <link key={a.href} rel="alternate" type={a.type} title={a.title} href={a.href} />)}
      <meta property="og:title" content={meta.shareTitle} />
      <meta property="og:description" content={meta.description} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:type" content={meta.type ?? 'website'} />
      {meta.article ? (
        <>
          <meta property="article:published_time" content={meta.article.publishedTime} />
          <meta property="article:author" content={meta.article.author} />
          <meta property="article:section" content={meta.article.section} />
        </>
      ) : null}
      {image ? (
        <>
          <meta property="og:image" content={image} />
          <meta property="og:image:width" content="1200" />
          <meta property="og:image:height" content="630" />
          <meta property="og:image:alt" content={meta.image!.alt} />
        </>
      ) : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={meta.shareTitle} />
      <meta name="twitter:description" content={meta.description} />
      {image ? <meta name="twitter:image" content={image} /> : null}
    </>
  );
}
