import { createElement, type ComponentType } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";

/**
 * A page route's component drawn to HTML with the loader data a request gave it (tests/support/pages.ts
 * loadPage), as the server renders it for a browser without JavaScript: what a reader of that page
 * is offered (its forms and buttons) and what it shows.
 */
export async function renderPage(Component: unknown, loaderData: unknown, path = "/", url = path): Promise<string> {
  const Stub = createRoutesStub([{ id: "page", path, Component: Component as ComponentType }]);
  const stream = await renderToReadableStream(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { page: loaderData } } }));
  await stream.allReady;
  return new Response(stream).text();
}

/** The intents of the forms' submit buttons on a drawn page ("addGuest", "deleteGuest", …). */
export function intentsOf(html: string): string[] {
  return [...html.matchAll(/<button\b[^>]*>/g)]
    .map(([tag]) => (tag.includes('name="intent"') ? /\svalue="([^"]+)"/.exec(tag)?.[1] : undefined))
    .filter((v): v is string => Boolean(v))
    .sort();
}

/** Whether the drawn page has any form that posts (a GET search form is reading, not changing). */
export const postsAnything = (html: string) => /<form[^>]*method="post"/i.test(html);
