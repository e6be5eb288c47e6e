import type { ReactNode } from 'react';

/**
 * Puts Astro's island prelude in the <head>, where a <style> element belongs.
 *
 * Astro writes the prelude (a <style> giving its `astro-island` elements `display: contents`, the
 * directive's script and the island loader) once per page, just before the first island it renders; for
 * islands given as a slot to a framework component, before that component's output (Astro renders the
 * slot first and writes the slot's instructions ahead of the component). So the layout's <head> holds
 * `<IslandPrelude><NoIsland client:interaction /></IslandPrelude>`: Astro renders the slot, writes the
 * prelude for `client:interaction` there, in the head, and this component leaves the slot's markup out.
 * The page's real islands then find the prelude written and write none of their own (all of them use
 * `client:interaction`; an island with another directive would add that directive's script, which is
 * valid in the body). The staff layout has no island of its own: a staff page with one passes the same
 * element in its `head` slot (src/pages/staff/index.astro). Nothing edits
 * Astro's output; tests/e2e/html-validity.spec.ts fails if Astro ever writes a <style> in the body again.
 */
export function IslandPrelude(_props: { children?: ReactNode }) {
  return null;
}

/** An island that renders nothing: the one island IslandPrelude is given, so that Astro writes the prelude. */
export function NoIsland() {
  return null;
}
