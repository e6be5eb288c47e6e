// Tables of the staff area (accounts, sessions, lead triage, notifications outbox): see the staff inbox issue.
export {};
