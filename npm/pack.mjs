#!/usr/bin/env node
// Assembles the npm packages of mcp-harness from built binaries and packs them (issue 37):
// one platform package per binary (mcp-file-harness-<os>-<cpu>, with `os` and `cpu` so that
// npm installs only the one that fits) and the main package mcp-file-harness, whose
// launcher finds and runs it. Runs anywhere Node 18+ and npm run (the release workflow
// packs binaries built on other runners).
//
//   node npm/pack.mjs --out DIR [--version V] PLATFORM=BINARY ...
//   node npm/pack.mjs --out target/npm linux-x64=target/release/mcp-harness
//
// PLATFORM is one of linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64. The
// version defaults to the workspace's (Cargo.toml). Prints the tarballs' paths.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const MAIN = "mcp-file-harness";
const PLATFORMS = {
  "linux-x64": { os: "linux", cpu: "x64", exe: "mcp-harness" },
  "linux-arm64": { os: "linux", cpu: "arm64", exe: "mcp-harness" },
  "darwin-x64": { os: "darwin", cpu: "x64", exe: "mcp-harness" },
  "darwin-arm64": { os: "darwin", cpu: "arm64", exe: "mcp-harness" },
  "win32-x64": { os: "win32", cpu: "x64", exe: "mcp-harness.exe" },
};

function usage(message) {
  process.stderr.write(
    `npm/pack.mjs: ${message}\n` +
      "usage: node npm/pack.mjs --out DIR [--version V] PLATFORM=BINARY ...\n" +
      `PLATFORM is one of ${Object.keys(PLATFORMS).join(", ")}; BINARY a built mcp-harness,\n` +
      "e.g. node npm/pack.mjs --out target/npm linux-x64=target/release/mcp-harness\n"
  );
  process.exit(2);
}

let out = null;
let version = null;
const binaries = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--out") out = argv[++i];
  else if (a === "--version") version = argv[++i];
  else if (a.includes("=")) {
    const [platform, binary] = [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)];
    if (!PLATFORMS[platform]) usage(`unknown platform ${JSON.stringify(platform)}`);
    if (!fs.existsSync(binary)) usage(`${binary} does not exist: build it first (cargo build --release -p mcp-harness)`);
    binaries[platform] = binary;
  } else usage(`unexpected argument ${JSON.stringify(a)}`);
}
if (!out) usage("--out DIR is required");
if (Object.keys(binaries).length === 0) usage("give at least one PLATFORM=BINARY");
if (!version) {
  const cargo = fs.readFileSync(path.join(root, "Cargo.toml"), "utf8");
  const m = cargo.match(/\[workspace\.package\][^[]*?\nversion\s*=\s*"([^"]+)"/);
  if (!m) usage("could not read the version from Cargo.toml's [workspace.package]; pass --version");
  version = m[1];
}
fs.mkdirSync(out, { recursive: true });
out = path.resolve(out);
const stage = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-file-harness-npm-"));
const common = {
  license: "Apache-2.0",
  repository: readMain().repository,
  homepage: readMain().homepage,
};

function readMain() {
  return JSON.parse(fs.readFileSync(path.join(here, MAIN, "package.json"), "utf8"));
}

function pack(dir) {
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", out], {
    cwd: dir,
    encoding: "utf8",
    shell: process.platform === "win32",
  }).trim().split("\n").pop();
  return path.join(out, name);
}

const tarballs = [];
for (const [platform, binary] of Object.entries(binaries)) {
  const p = PLATFORMS[platform];
  const name = `${MAIN}-${platform}`;
  const dir = path.join(stage, name);
  fs.mkdirSync(path.join(dir, "bin"), { recursive: true });
  fs.copyFileSync(binary, path.join(dir, "bin", p.exe));
  fs.chmodSync(path.join(dir, "bin", p.exe), 0o755);
  const manifest = {
    name,
    version,
    description: `The mcp-harness binary for ${platform}; installed by ${MAIN}, which runs it`,
    ...common,
    os: [p.os],
    cpu: [p.cpu],
    files: ["bin/"],
    preferUnplugged: true,
  };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  fs.writeFileSync(
    path.join(dir, "README.md"),
    `# ${name}\n\nThe \`mcp-harness\` binary for ${platform}. Install \`${MAIN}\`, which depends on it.\n`
  );
  tarballs.push(pack(dir));
}

// The main package: the platforms packed here are its optional dependencies, at this
// version (so a release lists exactly the binaries it ships).
const mainDir = path.join(stage, MAIN);
fs.cpSync(path.join(here, MAIN), mainDir, { recursive: true });
const manifest = readMain();
manifest.version = version;
manifest.optionalDependencies = Object.fromEntries(
  Object.keys(binaries).map((platform) => [`${MAIN}-${platform}`, version])
);
fs.writeFileSync(path.join(mainDir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
tarballs.push(pack(mainDir));
fs.rmSync(stage, { recursive: true, force: true });
for (const t of tarballs) console.log(t);
