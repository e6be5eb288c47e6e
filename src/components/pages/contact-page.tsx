import type { ReactNode } from 'react';
import { Clock, Headphones, Mail, MapPin, MessageSquare, Newspaper, Phone } from 'lucide-react';
import { PageHero } from '@/components/site/page-hero';
import { Section } from '@/components/site/section';
import { Badge } from '@/components/ui/badge';
import { FormSection } from '@/components/sections/company/form-section';
import { IconTile } from '@/components/sections/company/icons';
import { contactChannels } from '@/content/contact';
import { postalAddressLine } from '@/content/legal';
import { site } from '@/lib/config/site';

const channelIcons = { mail: Mail, sales: MessageSquare, support: Headphones, press: Newspaper } as const;

/** /contact (the islands come in as Astro slots) */
export function ContactPage({ form }: { form?: ReactNode }) {
  return (
    <>
      <PageHero path="/contact" eyebrow="Contact" />

      <Section id="channels" title="How can we help?" intro="Pick the team that fits your question. We answer every message.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {contactChannels.map((c) => (
            <li key={c.title} className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm">
              <IconTile icon={channelIcons[c.icon]} />
              <h3 className="mt-4 text-lg font-semibold tracking-tight">{c.title}</h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">{c.description}</p>
              <a href={`mailto:${c.email}`} className="mt-4 text-sm font-medium break-all text-brand-strong underline-offset-4 hover:underline">
                {c.email}
              </a>
              <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-slate-700">
                <Clock aria-hidden className="size-4 text-brand" /> Response within {c.responseTime}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <FormSection
        id="contact-form"
        title="Send us a message"
        intro="Fill in the form and the right person will get back to you. Fields marked with * are required."
        aside={
          <div className="space-y-6">
            {/* Each term is read once, from its <dt>; the bold copy in the <dd> is only for the eye. */}
            <dl className="space-y-4 text-slate-700">
              <div className="flex gap-3">
                <dt>
                  <Clock aria-hidden className="mt-1 size-5 text-brand" />
                  <span className="sr-only">Business hours</span>
                </dt>
                <dd>
                  <span aria-hidden className="block font-semibold text-foreground">Business hours</span>
                  {site.businessHours}
                </dd>
              </div>
              <div className="flex gap-3">
                <dt>
                  <Phone aria-hidden className="mt-1 size-5 text-brand" />
                  <span className="sr-only">Phone</span>
                </dt>
                <dd>
                  <span aria-hidden className="block font-semibold text-foreground">Phone</span>
                  <a href={`tel:${site.phone.replace(/[^+\d]/g, '')}`} className="underline-offset-4 hover:underline">
                    {site.phone}
                  </a>
                </dd>
              </div>
              <div className="flex gap-3">
                <dt>
                  <MapPin aria-hidden className="mt-1 size-5 text-brand" />
                  <span className="sr-only">Office</span>
                </dt>
                <dd>
                  <span aria-hidden className="block font-semibold text-foreground">Office</span>
                  <address className="not-italic">{postalAddressLine}</address>
                </dd>
              </div>
            </dl>
            <div aria-labelledby="map-title" role="region" className="relative flex h-48 flex-col items-center justify-center overflow-hidden rounded-2xl border border-dashed border-input bg-[radial-gradient(circle_at_1px_1px,#cbd5e1_1px,transparent_0)] [background-size:18px_18px] text-center">
              <MapPin aria-hidden className="size-8 text-brand" />
              <p id="map-title" className="mt-2 font-semibold text-foreground">
                Map
              </p>
              <Badge variant="neutral" className="mt-2 bg-white">
                Coming Soon
              </Badge>
            </div>
          </div>
        }
      >
        {form}
      </FormSection>
    </>
  );
}
