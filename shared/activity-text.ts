import { clockTime, formatDate } from "./format.ts";
import { m } from "./paraglide/messages.js";

/** An activity entry as the page and the API word it (functions/domain/weddings/activity.ts). */
export type ActivityWords = { actorName: string; action: string; count: number; subject: string | null; functionName: string | null };

/** "Meena Verma added 12 guests", in the render's language (messages/couple, couple_activity_*). */
export function activityLine(e: ActivityWords): string {
  const actor = e.actorName;
  const subject = e.subject ?? "";
  const fn = e.functionName ?? "";
  const count = e.count;
  switch (e.action) {
    case "guests_added":
      return m.couple_activity_guests_added({ actor, count, subject });
    case "guest_changed":
      return m.couple_activity_guest_changed({ actor, subject });
    case "guest_removed":
      return m.couple_activity_guest_removed({ actor, subject });
    case "guests_imported":
      return m.couple_activity_guests_imported({ actor, count });
    case "household_added":
      return m.couple_activity_household_added({ actor, subject });
    case "household_changed":
      return m.couple_activity_household_changed({ actor, subject });
    case "household_removed":
      return m.couple_activity_household_removed({ actor, subject });
    case "household_invited":
      return count > 0 ? m.couple_activity_household_invited({ actor, subject, count }) : m.couple_activity_household_uninvited({ actor, subject });
    case "function_added":
      return fn ? m.couple_activity_sub_event_added({ actor, subject, fn }) : m.couple_activity_function_added({ actor, subject });
    case "functions_added":
      return m.couple_activity_functions_added({ actor, subject, count });
    case "function_changed":
      return m.couple_activity_function_changed({ actor, subject });
    case "function_removed":
      return m.couple_activity_function_removed({ actor, subject });
    case "task_added":
      return m.couple_activity_task_added({ actor, subject, fn });
    case "task_changed":
      return m.couple_activity_task_changed({ actor, subject });
    case "task_removed":
      return m.couple_activity_task_removed({ actor, subject, fn });
    case "vendor_linked":
      return m.couple_activity_vendor_linked({ actor, fn });
    case "vendor_unlinked":
      return m.couple_activity_vendor_unlinked({ actor, fn });
    case "checklist_changed":
      return m.couple_activity_checklist_changed({ actor });
    case "budget_total_set":
      return m.couple_activity_budget_total_set({ actor });
    case "budget_split_suggested":
      return m.couple_activity_budget_split_suggested({ actor, count });
    case "budget_line_added":
      return m.couple_activity_budget_line_added({ actor, subject });
    case "budget_line_changed":
      return m.couple_activity_budget_line_changed({ actor, subject });
    case "budget_line_removed":
      return m.couple_activity_budget_line_removed({ actor, subject });
    case "booking_placed":
      return m.couple_activity_booking_placed({ actor, subject });
    case "card_added":
      return m.couple_activity_card_added({ actor, subject });
    case "card_changed":
      return m.couple_activity_card_changed({ actor, subject });
    case "card_removed":
      return m.couple_activity_card_removed({ actor, subject });
    case "invitation_published":
      return m.couple_activity_invitation_published({ actor, subject });
    case "invitation_unpublished":
      return m.couple_activity_invitation_unpublished({ actor, subject });
    case "request_approved":
      return m.couple_activity_request_approved({ actor, subject });
    case "request_declined":
      return m.couple_activity_request_declined({ actor, subject });
    case "household_shared":
      return m.couple_activity_household_shared({ actor, subject });
    case "household_reminded":
      return m.couple_activity_household_reminded({ actor, subject });
    case "rsvp_link_reset":
      return m.couple_activity_rsvp_link_reset({ actor, subject });
    case "card_image_changed":
      return m.couple_activity_card_image_changed({ actor, subject });
    case "planner_invited":
      return subject ? m.couple_activity_planner_invited({ actor, subject }) : m.couple_activity_planner_invited_someone({ actor });
    case "planner_joined":
      return m.couple_activity_planner_joined({ actor });
    case "planner_left":
      return m.couple_activity_planner_left({ actor });
    case "planner_changed":
      return m.couple_activity_planner_changed({ actor, subject });
    case "planner_removed":
      return m.couple_activity_planner_removed({ actor, subject });
    case "planner_declined":
      return m.couple_activity_planner_declined({ actor });
    case "planner_invitation_withdrawn":
      return subject ? m.couple_activity_planner_invitation_withdrawn({ actor, subject }) : m.couple_activity_planner_invitation_withdrawn_someone({ actor });
    default:
      return actor;
  }
}

/** When, in India's time (the weddings are in India): "22 Nov 2026, 8:14 pm". */
export function activityTime(at: number): string {
  const ist = new Date(at + 5.5 * 60 * 60 * 1000);
  const hhmm = `${String(ist.getUTCHours()).padStart(2, "0")}:${String(ist.getUTCMinutes()).padStart(2, "0")}`;
  return `${formatDate(at)}, ${clockTime(hhmm)}`;
}
