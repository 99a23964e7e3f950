// Finds the mcp-harness binary of this platform's package (mcp-file-harness-<os>-<cpu>,
// an optional dependency that npm installs only where its `os` and `cpu` match, as esbuild
// and Biome ship) and runs it with the given arguments: stdio inherited, signals passed
// on, its exit code (or signal) made this process's own.
"use strict";

const { spawn } = require("child_process");
const path = require("path");
const fs = require("fs");

const PLATFORMS = {
  "linux-x64": "mcp-file-harness-linux-x64",
  "linux-arm64": "mcp-file-harness-linux-arm64",
  "darwin-x64": "mcp-file-harness-darwin-x64",
  "darwin-arm64": "mcp-file-harness-darwin-arm64",
  "win32-x64": "mcp-file-harness-win32-x64",
};

function binaryPath() {
  // An escape hatch: a harness built or downloaded elsewhere.
  const override = process.env.MCP_FILE_HARNESS_BINARY;
  if (override) return override;
  const key = `${process.platform}-${process.arch}`;
  const pkg = PLATFORMS[key];
  const exe = process.platform === "win32" ? "mcp-harness.exe" : "mcp-harness";
  if (!pkg) {
    fail(
      `mcp-file-harness: no prebuilt mcp-harness for ${key} (there are: ${Object.keys(PLATFORMS).join(", ")}).\n` +
        "Build it from source with a Rust toolchain (1.88 or newer):\n" +
        "  cargo install --locked --git <this project's repository> mcp-harness\n" +
        "then run mcp-harness, or set MCP_FILE_HARNESS_BINARY to its path."
    );
  }
  try {
    return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "bin", exe);
  } catch (e) {
    fail(
      `mcp-file-harness: the package ${pkg}, which carries the mcp-harness binary for ${key}, is not installed.\n` +
        "It is an optional dependency: reinstall without --no-optional / --omit=optional, e.g.\n" +
        "  npm install mcp-file-harness\n" +
        "If this release has no binary for your platform (the project's docs/distribution.md lists\n" +
        "them), build one with Rust (cargo install --locked --git <this project's repository>\n" +
        "mcp-harness) and set MCP_FILE_HARNESS_BINARY to its path."
    );
  }
}

function fail(message) {
  process.stderr.write(message + "\n");
  // 2: the harness's own code for "could not test".
  process.exit(2);
}

function run(args) {
  const binary = binaryPath();
  if (!fs.existsSync(binary)) fail(`mcp-file-harness: ${binary} is missing; reinstall mcp-file-harness.`);
  const child = spawn(binary, args, { stdio: "inherit", windowsHide: true });
  const forward = (signal) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const handlers = {};
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"]) {
    handlers[signal] = forward(signal);
    try {
      process.on(signal, handlers[signal]);
    } catch (_) {
      // Not every signal exists on every platform (Windows).
    }
  }
  child.on("error", (e) => fail(`mcp-file-harness: could not start ${binary}: ${e.message}`));
  child.on("exit", (code, signal) => {
    for (const s of Object.keys(handlers)) process.removeListener(s, handlers[s]);
    if (signal) {
      // Die of the same signal, so that the caller sees what the harness saw.
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code === null ? 1 : code);
  });
}

module.exports = { run, binaryPath };
