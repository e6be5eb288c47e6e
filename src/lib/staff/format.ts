/** Dates in the staff area: always UTC, spelled out (the same for every reader, server-rendered). */
const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatDateTime = (d: Date) => `${dateTime.format(d)} UTC`;
export const formatDate = (d: Date) => dateOnly.format(d);
