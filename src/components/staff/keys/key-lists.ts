/**
 * The keys of keyboard triage, one list per page: the `?` dialog shows these lists, and the islands bind
 * the same keys (lead-keys.tsx, inbox-keys.tsx), so what the dialog says is what the keys do.
 */
export type KeyHelp = { keys: string[]; label: string };

export const leadPageKeys = {
  next: { keys: ['j'], label: 'Next lead in the list' },
  previous: { keys: ['k'], label: 'Previous lead in the list' },
  archive: { keys: ['e'], label: 'Archive this lead and go to the next' },
  assign: { keys: ['a'], label: 'Assign this lead to me' },
  status: { keys: ['s'], label: 'Change the status (then 1 to 7, or the arrows and Enter)' },
  reply: { keys: ['r'], label: 'Write a reply' },
  back: { keys: ['u'], label: 'Back to the list' },
  help: { keys: ['?'], label: 'Show these keys' },
} satisfies Record<string, KeyHelp>;

export const inboxKeys = {
  down: { keys: ['j'], label: 'Next lead' },
  up: { keys: ['k'], label: 'Previous lead' },
  open: { keys: ['o', 'Enter'], label: 'Open the lead' },
  select: { keys: ['x'], label: 'Select the lead (for the bulk actions)' },
  search: { keys: ['/'], label: 'Search' },
  help: { keys: ['?'], label: 'Show these keys' },
} satisfies Record<string, KeyHelp>;
