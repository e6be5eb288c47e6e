import { describe, expect, it } from 'vitest';
import { fillPlaceholders, firstNameOf, replyRefusalFor, startingSubject } from '@/lib/conversations/compose';
import { displayName, referencesMax, threading } from '@/lib/conversations/outbound';

describe('the reply composer', () => {
  it('fills {firstName} and {myName}, every time they appear, and leaves other braces alone', () => {
    expect(fillPlaceholders('Hi {firstName},\n{firstName}? {other} {myName}', { firstName: 'Ann', myName: 'Rita Writer' })).toBe('Hi Ann,\nAnn? {other} Rita Writer');
    // A name with `$&` in it is put in as it is (no replacement patterns).
    expect(fillPlaceholders('Hi {firstName}', { firstName: '$&$1', myName: '' })).toBe('Hi $&$1');
  });

  it('greets the first name, the first word of a name, or "there"', () => {
    expect(firstNameOf({ first_name: 'Ann', last_name: 'Lee' })).toBe('Ann');
    expect(firstNameOf({ name: '  Mary Ann Smith ' })).toBe('Mary');
    expect(firstNameOf({ email: 'a@example.com' })).toBe('there');
    expect(firstNameOf({ name: '   ' })).toBe('there');
  });

  it('starts with "Re:" of the latest subject, a contact message\'s own subject, or one naming the form', () => {
    expect(startingSubject('Partner application', {}, null)).toBe('Your partner application');
    expect(startingSubject('Contact message', { subject: 'Question about\npricing' }, null)).toBe('Re: Question about pricing');
    expect(startingSubject('Partner application', {}, 'Re: Your partner application')).toBe('Re: Your partner application');
    expect(startingSubject('Partner application', {}, 'RE:  Hello')).toBe('RE: Hello');
    expect(startingSubject('Partner application', {}, 'x'.repeat(300))).toHaveLength(200);
  });

  it('refuses newsletter subscriptions, data requests to members, and leads marked spam or archived', () => {
    expect(replyRefusalFor('admin', 'newsletter', 'new')).toMatch(/newsletter/);
    expect(replyRefusalFor('member', 'dataRequest', 'new')).toBe('Only admins can reply to a data request.');
    expect(replyRefusalFor('admin', 'dataRequest', 'new')).toBeUndefined();
    expect(replyRefusalFor('member', 'partner', 'spam')).toMatch(/marked Spam/);
    expect(replyRefusalFor('member', 'partner', 'archived')).toMatch(/archived/);
    expect(replyRefusalFor('member', 'contact', 'qualified')).toBeUndefined();
  });

  it('threads under the latest message, keeping the first id when the chain is long', () => {
    expect(threading(undefined)).toEqual({ inReplyTo: null, references: [] });
    expect(threading({ messageId: 'b@x', references: ['a@x'] })).toEqual({ inReplyTo: 'b@x', references: ['a@x', 'b@x'] });
    const long = Array.from({ length: 30 }, (_, i) => `m${i}@x`);
    const { references } = threading({ messageId: 'last@x', references: long });
    expect(references).toHaveLength(referencesMax);
    expect(references[0]).toBe('m0@x');
    expect(references.at(-1)).toBe('last@x');
    expect(references.at(-2)).toBe('m29@x');
  });

  it('reads the display name of a sender', () => {
    expect(displayName('Postcraft Partnerships <partners@postcraft.example>')).toBe('Postcraft Partnerships');
    expect(displayName('"Team, Postcraft" <team@postcraft.example>')).toBe('Team, Postcraft');
    expect(displayName('partners@postcraft.example')).toBe('');
  });
});
