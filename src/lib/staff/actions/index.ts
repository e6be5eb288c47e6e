import { eraseDataRequest, extendDataRequest, markDataRequestDone, recordDataRequestCheck } from './data-requests';
import { resendNotification } from './deliveries';
import { saveMyPreferences } from './preferences';
import { addReplySnippet, editReplySnippet, sendLeadReply } from './replies';
import { addLeadNote, assignLeadOwner, bulkUpdateLeads, markNotSpam, updateLeadStatus } from './triage';
import { setKeyboardShortcuts } from './shortcuts';
import { attachUnmatchedEmail, discardUnmatchedEmail } from './unmatched';
import { createStaffAccount, updateStaffAccount } from './users';
import { saveCalendar } from './calendar';
import { saveAssignmentRule, setAvailability } from './assignment';

/** Every staff action a form can post (by name, in the hidden `_action` field). */
export const staffActions = {
  bulkUpdateLeads,
  updateLeadStatus,
  markNotSpam,
  assignLeadOwner,
  addLeadNote,
  sendLeadReply,
  addReplySnippet,
  editReplySnippet,
  resendNotification,
  markDataRequestDone,
  eraseDataRequest,
  recordDataRequestCheck,
  extendDataRequest,
  createStaffAccount,
  updateStaffAccount,
  attachUnmatchedEmail,
  discardUnmatchedEmail,
  saveCalendar,
  setKeyboardShortcuts,
  saveMyPreferences,
  saveAssignmentRule,
  setAvailability,
};

export type StaffActionName = keyof typeof staffActions;
