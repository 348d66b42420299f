// Runs a command with the project's node_modules/.bin first on PATH (so tools run on the pinned
// Node 24) and resolves with its exit code.
import { spawn } from "node:child_process";
import { delimiter, resolve } from "node:path";

export const BIN = resolve("node_modules/.bin");

export function run(command, args, { env = {}, quiet = false } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
      env: { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH}`, ...env },
    });
    child.on("exit", (code, signal) => resolvePromise(signal ? 1 : (code ?? 1)));
  });
}

export async function mustRun(label, command, args, options) {
  const started = Date.now();
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${label} failed (exit ${code}).`);
    process.exit(code);
  }
  console.log(`✓ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
