/** What the first-response clock's views hold, under their tabs (docs/speed-to-lead.md, "The first-response clock"). */
export function DueViewNote({ view }: { view: 'overdue' | 'due-soon' | 'mine' }) {
  return (
    <p className="text-sm text-muted-foreground">
      {view === 'mine'
        ? 'New, contacted and qualified leads you own. '
        : 'New, contacted and qualified leads without a first answer; a reply from the lead’s page, or a status change marked as answered elsewhere, stops the clock. '}
      Due times count the team’s business hours, which the admins set under Calendar.
    </p>
  );
}
