import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import type { Faq } from '@/content/pricing';

/**
 * The FAQ as an accordion (Radix: Enter/Space toggle, arrow keys move between questions). A closed Radix
 * panel has no content in the HTML, so each answer is also in a <noscript>: without JavaScript the
 * answers show under their questions.
 */
export function PricingFaq({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <Accordion type="single" collapsible className="mx-auto max-w-3xl border-t border-border">
      {faqs.map((f, i) => (
        <AccordionItem key={f.question} value={`faq-${i}`}>
          <AccordionTrigger>{f.question}</AccordionTrigger>
          <AccordionContent>{f.answer}</AccordionContent>
          <noscript>
            <p className="pb-5 leading-relaxed text-muted-foreground">{f.answer}</p>
          </noscript>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
