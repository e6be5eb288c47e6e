import { describe, expect, it } from 'vitest';
import { promiseText, responsePromises, type ResponsePromise } from '@/lib/config/response-promises';
import { routes } from '@/lib/config/routes';
import { leadKinds, type LeadKind } from '@/lib/leads/kinds';
import { responseTimes } from '@/content/contact';
import { programmeTerms } from '@/content/programmes';

// The times the site promises an answer in (lib/config/response-promises.ts) are the ones its pages and
// messages state, and the first-response clock (and by it the insights' "Answered on time") holds each kind to.
const promises = Object.entries(responsePromises) as [LeadKind, ResponsePromise][];

describe('the promised reply times', () => {
  it('each promised kind’s success message (and so its acknowledgement email) states its promise', () => {
    expect(promises.map(([k]) => k)).toEqual(['partner', 'affiliate', 'agency', 'contact', 'trial', 'dataRequest']);
    for (const [kind, promise] of promises) expect(leadKinds[kind].outcome.success.message, kind).toContain(`within ${promiseText(promise)}`);
    expect(leadKinds.newsletter.outcome.success.message).not.toMatch(/within \d+/);
  });

  it('the programme pages, their descriptions and /contact’s general address state the same numbers', () => {
    expect([programmeTerms.partnerReplyHours, programmeTerms.affiliateApprovalHours, programmeTerms.agencyReplyHours]).toEqual([48, 24, 24]);
    expect(programmeTerms.partnerReplyHours).toBe(responsePromises.partner.hours);
    expect(programmeTerms.affiliateApprovalHours).toBe(responsePromises.affiliate.hours);
    expect(programmeTerms.agencyReplyHours).toBe(responsePromises.agency.hours);
    expect(routes.find((r) => r.path === '/affiliate')?.description).toContain(`approval within ${promiseText(responsePromises.affiliate)}`);
    expect(routes.find((r) => r.path === '/agency')?.description).toContain(`within ${promiseText(responsePromises.agency)}`);
    expect(responseTimes.general).toBe(promiseText(responsePromises.contact));
  });
});
