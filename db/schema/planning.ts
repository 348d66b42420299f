import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { services } from "./marketplace.ts";

export type ChecklistCategory = {
  category: string;
  items: { name: string; done: boolean; scheduleDate: string | null }[];
};

export const checklists = sqliteTable("checklists", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  categories: text("categories", { mode: "json" }).$type<ChecklistCategory[]>().notNull(),
  updatedAt: updatedAt(),
});

/** A wedding function (event) or, with parentId set, a sub-event of one. */
export const events = sqliteTable(
  "events",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: text("parent_id"),
    name: text("name").notNull(),
    description: text("description"),
    eventDate: integer("event_date").notNull(),
    startTime: integer("start_time"),
    endTime: integer("end_time"),
    budget: integer("budget").notNull().default(0),
    venue: text("venue"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("events_user_idx").on(t.userId, t.eventDate), index("events_parent_idx").on(t.parentId)],
);

export const eventServices = sqliteTable(
  "event_services",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("event_services_unique").on(t.eventId, t.serviceId)],
);

export const TASK_STATUSES = ["TODO", "IN_PROGRESS", "DONE", "CANCELLED"] as const;
export const TASK_PRIORITIES = ["LOW", "MEDIUM", "HIGH"] as const;

export const tasks = sqliteTable(
  "tasks",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("TODO"),
    priority: text("priority", { enum: TASK_PRIORITIES }).notNull().default("MEDIUM"),
    dueDate: text("due_date"),
    remindedAt: integer("reminded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("tasks_event_idx").on(t.eventId), index("tasks_due_idx").on(t.status, t.dueDate)],
);

/** Budget lines per category and per event: estimated, quoted, booked, paid. */
export const budgetLines = sqliteTable(
  "budget_lines",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id").references(() => events.id, { onDelete: "set null" }),
    category: text("category").notNull(),
    label: text("label").notNull(),
    estimated: integer("estimated").notNull().default(0),
    quoted: integer("quoted").notNull().default(0),
    booked: integer("booked").notNull().default(0),
    paid: integer("paid").notNull().default(0),
    bookingId: text("booking_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("budget_lines_user_idx").on(t.userId, t.category)],
);

export const households = sqliteTable(
  "households",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    side: text("side", { enum: ["BRIDE", "GROOM", "BOTH"] })
      .notNull()
      .default("BOTH"),
    address: text("address"),
    createdAt: createdAt(),
  },
  (t) => [index("households_user_idx").on(t.userId)],
);

export const GUEST_STATUSES = ["NOT_INVITED", "INVITED"] as const;

export const guests = sqliteTable(
  "guests",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    householdId: text("household_id").references(() => households.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    status: text("status", { enum: GUEST_STATUSES }).notNull().default("NOT_INVITED"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("guests_user_idx").on(t.userId, t.name)],
);

export const RSVP_STATUSES = ["PENDING", "ATTENDING", "DECLINED", "MAYBE"] as const;

/** A guest's invitation to one function and their answer (counts feed the caterer head-count). */
export const guestInvitations = sqliteTable(
  "guest_invitations",
  {
    id: id(),
    guestId: text("guest_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    rsvp: text("rsvp", { enum: RSVP_STATUSES }).notNull().default("PENDING"),
    headCount: integer("head_count").notNull().default(1),
    /** Hash of the guest's personal RSVP link token. */
    tokenHash: text("token_hash").notNull(),
    respondedAt: integer("responded_at"),
    sent: flag("sent"),
  },
  (t) => [
    uniqueIndex("guest_invitations_unique").on(t.guestId, t.eventId),
    uniqueIndex("guest_invitations_token_unique").on(t.tokenHash),
    index("guest_invitations_event_idx").on(t.eventId, t.rsvp),
  ],
);
