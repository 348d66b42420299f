// Finds Chromium for the e2e suite: CHROMIUM_PATH, then the system's chromium. If none is found
// and apt-get is usable, installs Debian's `chromium`; otherwise stops and says how to install it.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"];

function which(name) {
  const r = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

function find() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return which("chromium") ?? which("chromium-browser") ?? CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export function ensureChromium() {
  let path = find();
  if (path) return path;
  const aptGet = which("apt-get");
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const sudo = !root && which("sudo") && spawnSync("sudo", ["-n", "true"]).status === 0;
  if (aptGet && (root || sudo)) {
    console.log("Chromium not found: installing Debian's chromium package…");
    const run = (args) =>
      execFileSync(root ? args[0] : "sudo", root ? args.slice(1) : args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    run(["apt-get", "update", "-qq"]);
    run(["apt-get", "install", "-y", "-qq", "chromium"]);
    path = find();
    if (path) return path;
  }
  console.error(
    "The e2e tests need Chromium and none was found.\n" +
      "Install it (Debian/Ubuntu: `sudo apt-get install chromium`; macOS: install Google Chrome) " +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.",
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
