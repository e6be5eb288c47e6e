/**
 * Staff forms post to their page (a full page load, which works without JavaScript). With JavaScript, a
 * form is marked `data-pending` (and `aria-busy`) from its submit until the answer replaces the page, so
 * that its SubmitButtons show their pending label (action-form.tsx) while the post is in flight. A page
 * restored from the back/forward cache comes back unmarked.
 */
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-action-form')) return;
  form.setAttribute('data-pending', '');
  form.setAttribute('aria-busy', 'true');
});

addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  for (const form of document.querySelectorAll('form[data-pending]')) {
    form.removeAttribute('data-pending');
    form.removeAttribute('aria-busy');
  }
});
