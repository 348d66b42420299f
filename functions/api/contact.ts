import { z } from "zod";
import {
  contactInput,
  contactListInput,
  contactMessageById,
  contactStatusInput,
  listContactMessages,
  sendContactMessage,
  setContactStatus,
} from "#domain/content/index.ts";
import { ACCESS } from "#domain/core/index.ts";
import { Resource } from "./endpoint.ts";

/** The contact form (anyone) and the admins' inbox of its messages (functions/domain/content/contact-messages.ts, the same rules as /contactus). */
export const contactApi = new Resource("/contact", "Contact").endpoint(
  {
    method: "post",
    path: "/",
    summary: "Send a message to the team (name, email, phone?, topic, message)",
    idempotent: true,
    description:
      "Stored, mailed to the team's mailbox and confirmed to the sender by e-mail. Topics: Planning my wedding, Listing my business, Payments and plans, Report a problem, Press and partnerships, Something else. At most 5 an hour per network and 3 an hour per e-mail (429).",
    body: contactInput,
    access: ACCESS.public,
    responses: { 429: "Too many messages" },
  },
  async (c, { body }) => c.json({ success: true, ...(await sendContactMessage(c.get("domain"), body)) }, 201),
);

const idParams = z.object({ id: z.string().min(1).max(64) });

export const contactAdminApi = new Resource("/admin/contact-messages", "Contact messages (admin)")
  .endpoint(
    {
      method: "get",
      path: "/",
      summary: "Contact messages, newest first (status=NEW|ANSWERED|CLOSED, q=, page=)",
      query: contactListInput,
      access: ACCESS.admin,
    },
    async (c, { query }) => c.json({ success: true, ...(await listContactMessages(c.get("domain"), query)) }),
  )
  .endpoint(
    { method: "get", path: "/:id", summary: "One contact message", params: idParams, access: ACCESS.admin, responses: { 404: "No such message" } },
    async (c, { params }) => c.json({ success: true, message: await contactMessageById(c.get("domain"), params.id) }),
  )
  .endpoint(
    {
      method: "patch",
      path: "/:id",
      summary: "Mark a message NEW, ANSWERED or CLOSED, with an optional note (written to the audit log)",
      params: idParams,
      body: contactStatusInput,
      access: ACCESS.admin,
      responses: { 404: "No such message" },
    },
    async (c, { params, body }) => c.json({ success: true, message: await setContactStatus(c.get("domain"), params.id, body) }),
  );
