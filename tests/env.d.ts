import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { Env as WorkerEnv } from "#functions/env.ts";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
