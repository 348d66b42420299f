/** What a form action returns when the input or the rule says no: shown beside the form. */
export type ActionFailure = { ok: false; intent: string; message: string; errors: Record<string, string> };
