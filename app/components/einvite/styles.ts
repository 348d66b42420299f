/** The e-invite desk's two button looks (app/routes/invitation/card.tsx and its sections). */
export const button = "rounded-full bg-maroon-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60";
export const quiet = "rounded-full border border-maroon-700 px-4 py-2 text-sm font-semibold text-maroon-700 disabled:opacity-60";
