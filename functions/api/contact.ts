import { Resource } from "./endpoint.ts";

/** Issue 14, content: the contact form's API and the admins' contact messages. OWNER: the content helper. */
export const contactApi = new Resource("/contact", "Contact");
export const contactAdminApi = new Resource("/admin/contact-messages", "Contact messages (admin)");
