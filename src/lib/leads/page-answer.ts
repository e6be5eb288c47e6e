/**
 * What a page rendered on request shows of a lead form's post without JavaScript: the server hands a
 * `POST <page>?form=<name>` to Astro (src/pages/on-request/[...path].astro), which stores it and puts the
 * answer in `Astro.locals.formAnswer`; each form of the page reads its own state from there. In the
 * prerendered page there is none (the form is idle). Client-safe: types and plain functions.
 */
import type { LeadEndpointName } from './endpoints';
import type { FormState } from './form-state';

export type FormAnswer = {
  /** The form that was posted. */
  form: LeadEndpointName;
  state: FormState;
  /** What was posted (a form with several copies in the page, such as the data requests', picks its copy by it). */
  posted: Record<string, string>;
};

/** The state the form `name` shows in this render: the answer to its post, or undefined (idle). */
export function formStateFor(locals: { formAnswer?: FormAnswer }, name: LeadEndpointName): FormState | undefined {
  return locals.formAnswer?.form === name ? locals.formAnswer.state : undefined;
}

/** The answer to a post of the form `name` in this render, when it was posted. */
export function formAnswerFor(locals: { formAnswer?: FormAnswer }, name: LeadEndpointName): FormAnswer | undefined {
  return locals.formAnswer?.form === name ? locals.formAnswer : undefined;
}
