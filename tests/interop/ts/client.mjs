// Interop check: the official TypeScript MCP SDK (pinned in package.json) drives the
// reference server over stdio, as Claude Code and most desktop clients do.
//
// The SDK validates a tool result's structuredContent against the tool's outputSchema,
// error results included, and compiles every schema with ajv. So this checks that:
// - tools/list compiles without a single schema warning (no non-standard `format`);
// - create, read and replace work, with results equal to the bytes on disk;
// - a stale-hash error and a not-found error reach the caller with their messages.
// Usage: node client.mjs PATH_TO_SERVER_BINARY. Exits non-zero with a message on failure.

import { createHash } from "node:crypto";
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";

const TOOLS = ["file.create", "file.remove", "text.read", "text.replace", "text.insert", "text.append"];

// ajv reports schema problems through console.warn; any warning fails the check.
const warnings = [];
console.warn = (...args) => warnings.push(args.join(" "));

function check(cond, what) {
  if (!cond) throw new Error(what);
}

function sha(path) {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

function text(result) {
  return (result.content ?? []).filter((b) => b.type === "text").map((b) => b.text).join("\n");
}

function ok(result, tool) {
  check(!result.isError, `${tool} failed: ${text(result)}`);
  check(result.structuredContent, `${tool}: no structuredContent`);
  return result.structuredContent;
}

async function main(binary) {
  const tmp = mkdtempSync(join(tmpdir(), "mcp-ts-interop-"));
  const root = join(tmp, "root");
  mkdirSync(root);
  const transport = new StdioClientTransport({ command: binary, args: ["--root", root], stderr: "pipe" });
  const client = new Client({ name: "ts-interop", version: "1.0.0" });
  try {
    await client.connect(transport);
    const version = client.getServerVersion();
    check(version?.name === "mcp-reference", `serverInfo ${JSON.stringify(version)}`);

    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    check(JSON.stringify(names) === JSON.stringify([...TOOLS].sort()), `tools ${names}`);

    const created = ok(
      await client.callTool({ name: "file.create", arguments: { path: "notes/a.md", content: "one\ntwo\n" } }),
      "file.create",
    );
    const file = join(root, "notes", "a.md");
    check(created.hash === sha(file), "file.create: hash differs from the bytes on disk");

    const read = ok(await client.callTool({ name: "text.read", arguments: { path: "notes/a.md" } }), "text.read");
    check(read.content === "one\ntwo\n" && read.total_lines === 2, `text.read: ${JSON.stringify(read)}`);

    const replaced = ok(
      await client.callTool({
        name: "text.replace",
        arguments: { path: "notes/a.md", hash: read.hash, lines: [2, 3], old: "two\n", new: "TWO\n" },
      }),
      "text.replace",
    );
    check(readFileSync(file, "utf8") === "one\nTWO\n", "text.replace: disk content");
    check(replaced.hash === sha(file), "text.replace: hash differs from the bytes on disk");

    // The old hash is stale now: the error must arrive as a result whose text teaches.
    const stale = await client.callTool({
      name: "text.append",
      arguments: { path: "notes/a.md", hash: read.hash, content: "three\n" },
    });
    check(stale.isError === true, `stale hash: expected an error result, got ${JSON.stringify(stale)}`);
    const staleText = text(stale);
    check(staleText.includes(replaced.hash), `stale hash: message lacks the current hash: ${staleText}`);
    check(/text\.read/.test(staleText), `stale hash: message does not say to read again: ${staleText}`);
    check(readFileSync(file, "utf8") === "one\nTWO\n", "stale append changed the file");

    const missing = await client.callTool({ name: "text.read", arguments: { path: "nope/missing.md" } });
    check(missing.isError === true, "not found: expected an error result");
    check(text(missing).includes("missing.md"), `not found: message does not name the path: ${text(missing)}`);

    check(warnings.length === 0, `schema warnings from the SDK's validator:\n${warnings.join("\n")}`);
    const sdk = JSON.parse(readFileSync(new URL("./node_modules/@modelcontextprotocol/sdk/package.json", import.meta.url)));
    console.log(`ts-interop: PASS (TypeScript SDK ${sdk.version}, initialize with protocol ${LATEST_PROTOCOL_VERSION}, the newest this SDK speaks)`);
    console.log(`  stale-hash message: ${staleText}`);
    console.log(`  not-found message: ${text(missing)}`);
  } finally {
    await client.close().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

const binary = process.argv[2];
if (!binary) {
  console.error("usage: node client.mjs PATH_TO_SERVER_BINARY");
  process.exit(2);
}
main(binary).catch((e) => {
  console.error(`ts-interop: FAIL: ${e.message}`);
  process.exit(1);
});
