import { Form, data } from "react-router";
import type { Route } from "./+types/cron";
import { appContext } from "#functions/page-context.ts";
import { devPagesEnabled } from "#platform/dev-pages.ts";
import { CronFailure, jobsBySchedule, runScheduled, type JobResult } from "#functions/cron/index.ts";
import { readPageForm } from "#platform/request-body.ts";
import { pageTitle } from "#shared/strings.ts";
import { Field, FormAlert, Select } from "#app/components/ui/index.ts";

/**
 * Development only: runs the Worker's scheduled jobs by hand, as of a chosen moment. `vite preview`
 * (npm start, the e2e server) has no scheduled trigger of its own, so this is how a developer sees
 * the daily job expire a subscription or send a reminder without waiting for 03:00 or for days to
 * pass. One job or a whole schedule; "as of" sets the job's clock only (the jobs read no other).
 * Not found unless the development pages are enabled (functions/platform/dev-pages.ts).
 */
export const meta: Route.MetaFunction = () => [{ title: pageTitle("Scheduled jobs (development)") }, { name: "robots", content: "noindex" }];

function guard(env: Parameters<typeof devPagesEnabled>[0], request: Request) {
  if (!devPagesEnabled(env, request)) throw data(null, { status: 404 });
}

const schedules = () => Object.entries(jobsBySchedule).map(([cron, jobs]) => ({ cron, jobs: jobs.map((j) => j.name) }));

export async function loader({ request, context }: Route.LoaderArgs) {
  guard(context.get(appContext).env, request);
  return { schedules: schedules() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(appContext);
  guard(env, request);
  const form = await readPageForm(request);
  const choice = String(form.get("job") ?? "");
  const asOf = String(form.get("asOf") ?? "").trim();
  const at = asOf ? Date.parse(asOf) : Date.now();
  const [cron = "", name] = choice.split("|");
  const all = cron ? jobsBySchedule[cron] : undefined;
  const jobs = name ? all?.filter((j) => j.name === name) : all;
  if (!jobs?.length || !Number.isFinite(at)) return data({ error: "Choose a job and a valid date and time.", results: null, at: null }, { status: 400 });
  let results: JobResult[];
  try {
    results = await runScheduled(cron, env, at, jobs);
  } catch (err) {
    if (!(err instanceof CronFailure)) throw err;
    results = err.results;
  }
  return { error: null, results, at };
}

export default function Cron({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page py-8">
      <h1 className="text-3xl font-bold text-maroon-700">Scheduled jobs</h1>
      <p className="mt-1 text-sm text-ink/70">
        Development only: runs a cron job now, or as of another moment (an ISO date such as 2027-03-01T03:00:00+05:30). The job&apos;s clock changes; nothing
        else does.
      </p>
      <Form method="post" className="mt-4 grid max-w-xl gap-3">
        <Select name="job" label="Job">
          {loaderData.schedules.flatMap((s) => [
            <option key={s.cron} value={s.cron}>
              {`All at "${s.cron}"`}
            </option>,
            ...s.jobs.map((j) => (
              <option key={`${s.cron}/${j}`} value={`${s.cron}|${j}`}>
                {`${j} ("${s.cron}")`}
              </option>
            )),
          ])}
        </Select>
        <Field name="asOf" label="As of (empty: now)" placeholder="2027-03-01T03:00:00+05:30" />
        <button type="submit" className="w-fit rounded bg-maroon-700 px-4 py-2 font-semibold text-white">
          Run
        </button>
      </Form>
      <FormAlert message={actionData?.error} className="mt-4" />
      {actionData?.results && (
        <ul className="mt-4 grid gap-1" aria-label="Results">
          {actionData.results.map((r) => (
            <li key={r.name}>
              <strong>{r.name}</strong>: {r.ok ? "done" : `failed: ${r.error}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
