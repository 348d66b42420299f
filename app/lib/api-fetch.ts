import { m } from "#shared/paraglide/messages.js";

/**
 * The client's way to call the JSON API: same-origin with credentials, JSON in and out. Any 401
 * means the session is gone: the client's state is cleared by reloading the page (spec section 4),
 * and the returned promise never settles.
 */
export type ApiResult<T> = ({ success: true } & T) | { success: false; message: string; errors?: Record<string, string> };

export async function apiFetch<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: ApiResult<T> }> {
  const res = await fetch(`/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    credentials: "same-origin",
    headers: init.body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (res.status === 401 && !path.startsWith("/users/login") && !path.startsWith("/vendors/login") && !path.startsWith("/users/google-login")) {
    window.location.reload();
    return new Promise(() => {});
  }
  let body: ApiResult<T>;
  try {
    body = (await res.json()) as ApiResult<T>;
  } catch {
    body = { success: false, message: m.api_something_went_wrong() };
  }
  return { status: res.status, body };
}
