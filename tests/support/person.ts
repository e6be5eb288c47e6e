// How the end-to-end tests fill a form: as a person does. A field is focused by clicking it; text is typed
// with real key events at a person's speed (a long text is pasted, as people paste long texts); a choice is
// made on the control itself; a form is sent with its button or with Enter. `autofill` does what a
// browser's autofill does: after the person clicks into a field and picks a suggestion, the browser sets
// every field it knows (those whose `autocomplete` token names the person) in one go, with `input` and
// `change` events and no key events, and the focus stays where it was. (No test helper sets a value in a
// way a person or their browser cannot.)
import type { Locator } from '@playwright/test';

/** Milliseconds between two keys: a fast typist (about 14 keys a second). */
export const keyDelayMs = 70;
/**
 * Milliseconds between two keys in the specs that check what a form does with what was typed (its
 * messages, what it keeps, what it stores): the same key events (keydown, keypress/input, keyup for each
 * character, each answered by the page before the next), without a person's pauses, so that CI stays
 * within its time. The person's speed, and what the spam screening makes of it, is the subject of
 * tests/e2e/leads-people.spec.ts, which types at `keyDelayMs`. (5 ms a key cost about 0.5 s a form fill
 * of sleeping alone, some 60 fills in leads-forms.spec.ts.)
 */
export const quickKeyDelayMs = 0;
/** Texts longer than this are pasted rather than typed (a 5,000-character message is pasted, not typed). */
export const pasteOver = 80;
/** The `autocomplete` tokens that browsers fill from what they know of a person. */
export const autofillTokens = ['name', 'given-name', 'family-name', 'email', 'organization'] as const;

/** Clicks into a text field and types `text` over what it holds (select all, then the keys), or pastes a long one. */
export async function typeInto(el: Locator, text: string, delay = keyDelayMs): Promise<void> {
  await el.click();
  if (await el.inputValue()) {
    await el.press('ControlOrMeta+a');
    await el.press('Backspace');
  }
  if (!text) return;
  if (text.length > pasteOver) await el.page().keyboard.insertText(text);
  else await el.pressSequentially(text, { delay });
}

/** Chooses an option of a select as a person does: clicks it, then picks the option (the native list). */
export async function choose(el: Locator, value: string): Promise<void> {
  await el.click();
  await el.selectOption(value);
}

/**
 * A browser's autofill of `form`: every text field whose `autocomplete` token is one browsers fill gets the
 * value of its name in `values`, in one go, as the browser sets it. Answers the names of the fields filled.
 * Call it after the person has clicked into one of those fields.
 */
export async function autofill(form: Locator, values: Record<string, string>): Promise<string[]> {
  return form.evaluate(
    (el, { values, tokens }) => {
      const filled: string[] = [];
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (const input of Array.from(el.querySelectorAll('input'))) {
        const value = values[input.name];
        if (value === undefined || !tokens.includes(input.autocomplete)) continue;
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
        filled.push(input.name);
      }
      return filled;
    },
    { values, tokens: autofillTokens as readonly string[] },
  );
}
