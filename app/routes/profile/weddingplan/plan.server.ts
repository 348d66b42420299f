import { z } from "zod";
import { m } from "#shared/paraglide/messages.js";
import type { Route } from "./+types/route";
import { appContext } from "#functions/page-context.ts";
import { newOnceToken } from "#app/lib/once-token.tsx";
import { runFormOnce } from "#app/lib/once-token.server.ts";
import { loadOrRespond, pagePath, readForm, submitOrRespond } from "#app/lib/page-errors.server.ts";
import { redirectWithToast } from "#platform/cookies.ts";
import { readFormData } from "#platform/request-body.ts";
import { parseInput } from "#domain/core/index.ts";
import { createEvent, createFromTemplate, deleteEvent, weddingPlan } from "#domain/planning/index.ts";
import { eventInput, fromTemplateInput } from "#shared/planner-schemas.ts";
import { isoDate } from "#shared/lead-rules.ts";
import { TRADITIONS, proposeFunctions, traditionById } from "#shared/traditions.ts";

/**
 * /profile/weddingplan: the couple's plan in one D1 batch (functions, sub-events, task progress,
 * linked vendors), a tradition's proposed functions when one is chosen (?tradition=&weddingDate=,
 * computed here with no query), and the plan's forms: add a function, create from the template,
 * delete a function. Plain forms with an intent; success redirects back (PRG) with a toast. The
 * two forms that add functions carry a one-time token: sent twice, they add once (app/lib/once-token.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { domain } = context.get(appContext);
  return loadOrRespond(request, async () => {
    const plan = await weddingPlan(domain);
    const url = new URL(request.url);
    const tradition = traditionById(url.searchParams.get("tradition") ?? "");
    const askedDate = url.searchParams.get("weddingDate") ?? "";
    const weddingDate = isoDate(m.api_v_label_wedding_date).safeParse(askedDate).success ? askedDate : (plan.weddingDate ?? "");
    const proposal =
      tradition && weddingDate ? { tradition: { id: tradition.id, name: tradition.name }, functions: proposeFunctions(tradition, weddingDate) } : null;
    const dateProblem = tradition && !weddingDate ? m.couple_plan_give_date() : askedDate && askedDate !== weddingDate ? m.couple_plan_date_format() : null;
    return {
      plan,
      weddingDate,
      traditions: TRADITIONS.map((t) => ({ id: t.id, name: t.name, summary: t.summary })),
      chosenTradition: tradition?.id ?? "",
      proposal,
      dateProblem,
      onceToken: newOnceToken(),
    };
  });
}

const anyForm = z.record(z.string(), z.unknown());

export async function action({ request, context }: Route.ActionArgs) {
  const { domain } = context.get(appContext);
  let intent = "";
  const back = pagePath(request);
  return submitOrRespond(
    request,
    async () => {
      const form = await readFormData(request);
      intent = String(form.get("intent") ?? "");
      return runFormOnce(request, domain, form, async () => {
        const { input } = await readForm(request, anyForm, form);
        switch (intent) {
          case "create": {
            const event = await createEvent(domain, parseInput(eventInput, input));
            return redirectWithToast(request, back, { type: "success", message: m.couple_toast_function_added({ name: event.eventName }) });
          }
          case "template": {
            // The template form repeats "keep".
            const keep = form.getAll("keep").map(String);
            const functions = keep.map((key) => ({ key, name: input[`name:${key}`], eventDate: input[`date:${key}`] }));
            const parsed = parseInput(fromTemplateInput, { tradition: input.tradition, weddingDate: input.weddingDate, functions });
            const events = await createFromTemplate(domain, parsed);
            return redirectWithToast(request, back, {
              type: "success",
              message: m.couple_toast_functions_added({ count: events.length }),
            });
          }
          case "delete": {
            const { message } = await deleteEvent(domain, String(input.eventId ?? ""), { version: input.version });
            return redirectWithToast(request, back, { type: "success", message });
          }
          default:
            return { ok: false as const, intent, message: m.api_e_unknown_action(), errors: {} as Record<string, string> };
        }
      });
    },
    {
      get intent() {
        return intent;
      },
    },
  );
}
