/** The blog's limits, shared by the writer's form (browser) and the domain's checks (server). */
export const BLOG_LIMITS = {
  titleMin: 5,
  titleMax: 150,
  urlTitleMax: 80,
  excerptMax: 300,
  contentMax: 100_000,
  tagsMax: 10,
  tagMin: 2,
  tagMax: 40,
  commentMax: 2000,
  queryMax: 100,
  limitMax: 48,
  coverMaxBytes: 8 * 1024 * 1024,
  coverWidth: 1200,
} as const;
