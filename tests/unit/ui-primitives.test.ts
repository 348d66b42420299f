import { createElement, type ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Checkbox, Field, FormAlert, Pager, Panel, Select, TextArea } from "#app/components/ui/index.ts";
import { submissionOf } from "#app/components/ui/forms.ts";

/**
 * The UI primitives as the server sends them (before any script runs): every control labelled,
 * its error or hint named by aria-describedby, aria-invalid only when in error, the starting value
 * in the markup, and the pager's plain links.
 */
async function html(element: ReactElement): Promise<string> {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  const stream = await renderToReadableStream(createElement(Stub, { initialEntries: ["/"] }));
  await stream.allReady;
  return new Response(stream).text();
}

/** The attributes of the first <tag> in the markup. */
function attrs(markup: string, tag: string): Record<string, string> {
  const open = new RegExp(`<${tag}\\b([^>]*)>`).exec(markup);
  if (!open) throw new Error(`no <${tag}> in ${markup}`);
  return Object.fromEntries([...open[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

const doc = async (element: ReactElement) => {
  const text = await html(element);
  return { text, has: (re: RegExp) => re.test(text) };
};

describe("Field", () => {
  it("labels its input and describes it by the hint while there is no error", async () => {
    const { text } = await doc(createElement(Field, { id: "pw", name: "password", type: "password", label: "Password", hint: "At least 8 characters." }));
    expect(text).toContain('<label for="pw"');
    expect(attrs(text, "input")).toMatchObject({ id: "pw", name: "password", type: "password", "aria-describedby": "pw-hint" });
    expect(text).not.toContain("aria-invalid");
    expect(text).toContain('<p id="pw-hint" class="text-xs text-ink/65">At least 8 characters.</p>');
  });

  it("shows the error in place of the hint, marks the input invalid and describes it by the error", async () => {
    const { text } = await doc(
      createElement(Field, { id: "pw", name: "password", label: "Password", hint: "At least 8.", error: "Use at least 8 characters." }),
    );
    expect(attrs(text, "input")).toMatchObject({ "aria-invalid": "true", "aria-describedby": "pw-error" });
    expect(text).toContain('<p id="pw-error" class="text-sm text-red-700">Use at least 8 characters.</p>');
    expect(text).not.toContain("pw-hint");
    expect(text).toContain("border-red-600");
  });

  it("takes its name, id, first error and starting value from Conform's field metadata", async () => {
    const meta = { name: "email", id: "login-email", errors: ["Please enter a valid e-mail address.", "second"], initialValue: "asha@example" };
    const { text } = await doc(createElement(Field, { meta, type: "email", label: "E-mail address" }));
    expect(attrs(text, "input")).toMatchObject({
      id: "login-email",
      name: "email",
      type: "email",
      value: "asha@example",
      "aria-invalid": "true",
      "aria-describedby": "login-email-error",
    });
    expect(text).toContain(">Please enter a valid e-mail address.</p>");
    expect(text).not.toContain("second");
  });

  it("lets the page's own error (the server's answer) win over the metadata's", async () => {
    const { text } = await doc(createElement(Field, { meta: { name: "n", id: "n", errors: ["client"] }, label: "N", error: "server" }));
    expect(text).toContain(">server</p>");
    expect(text).not.toContain(">client</p>");
  });
});

describe("TextArea, Select and Checkbox", () => {
  it("wire label, error and starting value the same way", async () => {
    const area = await html(createElement(TextArea, { id: "msg", name: "message", label: "Message", error: "Too short.", defaultValue: "Hi" }));
    expect(attrs(area, "textarea")).toMatchObject({ id: "msg", name: "message", "aria-invalid": "true", "aria-describedby": "msg-error" });
    expect(area).toContain(">Hi</textarea>");

    const select = await html(
      createElement(Select, {
        id: "st",
        name: "state",
        label: "State",
        placeholder: "Choose a state",
        options: [
          ["Goa", "Goa"],
          ["Kerala", "Kerala"],
        ],
        meta: { name: "state", id: "x", initialValue: "Kerala" },
      }),
    );
    expect(attrs(select, "select")).toMatchObject({ id: "st", name: "state" });
    expect(select).toContain('<option value="">Choose a state</option>');
    expect(select).toContain('<option value="Kerala" selected="">Kerala</option>');

    const box = await html(
      createElement(Checkbox, { id: "r", name: "reminders", label: "Send me reminders", meta: { name: "reminders", id: "r", initialValue: "true" } }),
    );
    expect(box).toMatch(/<label for="r"[^>]*><input /);
    expect(attrs(box, "input")).toMatchObject({ id: "r", name: "reminders", type: "checkbox", value: "true", checked: "" });
  });
});

describe("FormAlert and Panel", () => {
  it("announce a refusal as an alert and a success as a status, and nothing without a message", async () => {
    expect(await html(createElement(FormAlert, { message: "Wrong e-mail or password." }))).toContain('role="alert"');
    expect(await html(createElement(FormAlert, { message: "Saved.", tone: "success" }))).toContain('role="status"');
    expect(await html(createElement(FormAlert, { message: null }))).not.toContain("role=");
  });

  it("labels the section by its heading", async () => {
    const text = await html(createElement(Panel, { title: "Budget", id: "budget", children: "body" }));
    expect(text).toContain('<section id="budget"');
    expect(text).toContain('aria-labelledby="budget-heading"');
    expect(text).toContain('<h2 id="budget-heading"');
  });
});

describe("Pager", () => {
  const href = (p: number) => `/list?page=${p}`;
  it("is absent on a single page", async () => {
    expect(await html(createElement(Pager, { page: 1, pages: 1, href }))).not.toContain("<nav");
    expect(await html(createElement(Pager, { page: 1, hasMore: false, href }))).not.toContain("<nav");
  });

  it("links the previous and next pages and says where the reader is", async () => {
    const text = await html(createElement(Pager, { page: 2, pages: 3, href }));
    expect(text).toContain('<nav aria-label="Pages"');
    expect(text).toMatch(/<a rel="prev"[^>]*href="\/list\?page=1"[^>]*>Previous</);
    expect(text).toMatch(/<a rel="next"[^>]*href="\/list\?page=3"[^>]*>Next</);
    expect(text).toContain("Page 2 of 3");
  });

  it("numbers the pages around the current one, marking it aria-current", async () => {
    const text = await html(createElement(Pager, { page: 5, pages: 9, href, numbers: true, label: "Pagination" }));
    for (const p of [1, 4, 6, 9]) expect(text).toContain(`aria-label="Page ${p}"`);
    expect(text).not.toContain('aria-label="Page 2"');
    expect(text).toMatch(/aria-current="page"[^>]*>5</);
  });

  it("names its links as the list asks (newest first: Newer and Older)", async () => {
    const text = await html(createElement(Pager, { page: 1, hasMore: true, href, previousLabel: "Newer", nextLabel: "Older" }));
    expect(text).toMatch(/>Older</);
    expect(text).not.toMatch(/>Newer</);
  });
});

describe("submissionOf", () => {
  it("hands an action's refusal to Conform: each field's message, the form's, and the typed values", () => {
    expect(submissionOf({ ok: false, errors: { email: "Bad", _: "Across fields" }, values: { email: "a@" } })).toEqual({
      status: "error",
      error: { email: ["Bad"], "": ["Across fields"] },
      initialValue: { email: "a@" },
    });
    expect(submissionOf({ ok: true })).toBeUndefined();
    expect(submissionOf(undefined)).toBeUndefined();
  });
});
