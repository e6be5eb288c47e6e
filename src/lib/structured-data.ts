import { site } from '@/lib/config/site';
import { siteUrl } from '@/lib/site-url';

/** schema.org Organization for the whole site. */
export function organizationLd() {
  const base = siteUrl();
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: `${base}/`,
    logo: `${base}/icon.svg`,
    email: site.contacts.hello,
    sameAs: site.social.map((s) => s.href),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.postalAddress.street,
      addressLocality: site.postalAddress.city,
      addressRegion: site.postalAddress.region,
      postalCode: site.postalAddress.postalCode,
      addressCountry: 'US',
    },
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'customer support', email: site.contacts.support },
      { '@type': 'ContactPoint', contactType: 'sales', email: site.contacts.sales },
    ],
  };
}

const employmentTypes = { 'Full-time': 'FULL_TIME', 'Part-time': 'PART_TIME', Contract: 'CONTRACTOR' } as const;

/** What a JobPosting reads of a job (a job of content/careers.ts has it). */
export type JobFacts = {
  id: string;
  title: string;
  department: string;
  type: keyof typeof employmentTypes;
  experience: string;
  description: string;
  requirements: readonly string[];
  posted: string;
  remoteIn?: readonly { kind: string; name: string }[];
  office?: { city: string; region: string; country: string };
};

/** schema.org JobPosting for one job of /careers (valid for 60 days after it was posted). */
export function jobPostingLd(job: JobFacts) {
  const base = siteUrl();
  const validThrough = new Date(`${job.posted}T00:00:00Z`);
  validThrough.setUTCDate(validThrough.getUTCDate() + 60);
  const description = `<p>${job.description}</p><p>Requirements:</p><ul>${job.requirements.map((r) => `<li>${r}</li>`).join('')}</ul><p>Experience: ${job.experience}.</p>`;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description,
    identifier: { '@type': 'PropertyValue', name: site.name, value: job.id },
    datePosted: job.posted,
    validThrough: validThrough.toISOString().slice(0, 10),
    employmentType: employmentTypes[job.type],
    occupationalCategory: job.department,
    experienceRequirements: job.experience,
    url: `${base}/careers#${job.id}`,
    directApply: false,
    hiringOrganization: { '@type': 'Organization', name: site.name, sameAs: `${base}/`, logo: `${base}/icon.svg` },
    ...(job.remoteIn
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: job.remoteIn.map((r) => ({ '@type': r.kind, name: r.name })),
        }
      : {}),
    ...(job.office
      ? {
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', addressLocality: job.office.city, addressRegion: job.office.region, addressCountry: job.office.country },
          },
        }
      : {}),
  };
}

/** What an Article reads of a blog article (an article of content/blog.ts has it). */
export type ArticleLdFacts = { slug: string; title: string; excerpt: string; image: string; date: string; category: string; author: { name: string; role: string } };

/** schema.org Article for one blog post page. */
export function articleLd(article: ArticleLdFacts) {
  const base = siteUrl();
  const url = `${base}/blog/${article.slug}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt,
    // The share image (a PNG, which search engines take for articles) and the cover drawn on the page.
    image: [`${base}/og/blog/${article.slug}.png`, `${base}${article.image}`],
    datePublished: article.date,
    dateModified: article.date,
    articleSection: article.category,
    author: { '@type': 'Person', name: article.author.name, jobTitle: article.author.role },
    publisher: { '@type': 'Organization', name: site.name, logo: { '@type': 'ImageObject', url: `${base}/icon.svg` } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  };
}

type OfferPlan = { name: string; price: number; period: '' | 'month' | 'year'; description?: string };
type ReviewSource = { name: string; content: string; rating: number };

/**
 * schema.org SoftwareApplication for the home page: one Offer per plan shown there (price and billing
 * period from the plan data) and the testimonials shown as Reviews.
 */
export function softwareApplicationLd({ plans, reviews }: { plans: readonly OfferPlan[]; reviews: readonly ReviewSource[] }) {
  const base = siteUrl();
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: site.name,
    description: site.description,
    url: `${base}/`,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web, iOS, Android',
    offers: plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      ...(plan.description ? { description: plan.description } : {}),
      price: plan.price.toFixed(2),
      priceCurrency: 'USD',
      url: `${base}/pricing`,
      ...(plan.period
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: plan.price.toFixed(2),
              priceCurrency: 'USD',
              billingDuration: plan.period === 'month' ? 'P1M' : 'P1Y',
              unitCode: plan.period === 'month' ? 'MON' : 'ANN',
            },
          }
        : {}),
    })),
    review: reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.name },
      reviewBody: r.content,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** schema.org FAQPage from a list of questions and plain-text answers. */
export function faqPageLd(faqs: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  };
}
