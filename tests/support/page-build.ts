import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createRequestHandler, type ServerBuild } from "react-router";
import routeConfig from "#app/routes.ts";
import * as root from "#app/root.tsx";

/**
 * Every page route of app/routes.ts served by React Router's own request handler (middleware,
 * every matching loader of a document request, actions, redirects, resource routes), as the
 * production build serves them, but without rendering HTML: the workerd test pool cannot resolve
 * the React Router build, and rendering reads no data. A document answers with its status and
 * the ids of the routes whose loaders ran; an error a loader threw is kept for the test to read.
 */
const modules = import.meta.glob<Record<string, unknown>>(["/app/routes/**/*.ts", "/app/routes/**/*.tsx"]);

type ManifestRoute = NonNullable<ServerBuild["routes"][string]> & { module: unknown };

/** The route's id as React Router gives it: the one named in routes.ts, else its file without the extension. */
const idOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");

export type PageRoute = { id: string; path: string; index: boolean; leaf: boolean };

/** Every route of the map with its full path ("profile/weddingplan/:eventId"); `leaf` when it has no children. */
export function pageRoutes(): PageRoute[] {
  const out: PageRoute[] = [];
  const walk = (entries: RouteConfigEntry[], base: string) => {
    for (const entry of entries) {
      const path = [base, entry.path ?? ""].filter(Boolean).join("/");
      out.push({ id: idOf(entry), path, index: Boolean(entry.index), leaf: !entry.children?.length });
      if (entry.children) walk(entry.children, path);
    }
  };
  walk(routeConfig as RouteConfigEntry[], "");
  return out;
}

async function manifest(): Promise<ServerBuild["routes"]> {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: root as unknown as ManifestRoute["module"] } as ManifestRoute,
  };
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const load = modules[`/app/${entry.file}`];
      if (!load) throw new Error(`No module for ${entry.file}`);
      const id = idOf(entry);
      routes[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: (await load()) as unknown as ManifestRoute["module"],
      } as ManifestRoute;
      if (entry.children) await add(entry.children, id);
    }
  };
  await add(routeConfig as RouteConfigEntry[], "root");
  return routes;
}

/** Errors the loaders and actions threw (React Router hands them to the entry's handleError). */
export const pageErrors: { path: string; error: unknown }[] = [];

export async function pageRequestHandler(): Promise<(request: Request, context: unknown) => Promise<Response>> {
  const routes = await manifest();
  const build = {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { matches: { route: { id: string } }[] } }) =>
          new Response(context.staticHandlerContext.matches.map((m) => m.route.id).join(" "), { status, headers }),
        handleError: (error: unknown, { request }: { request: Request }) => pageErrors.push({ path: new URL(request.url).pathname, error }),
      },
    },
    routes,
    assets: { version: "test", entry: { module: "", imports: [] }, routes: {}, url: "", hmr: undefined },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return (request, context) => handler(request, context as Parameters<typeof handler>[1]);
}
