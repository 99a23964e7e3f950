// Zoo server (f): the official TypeScript SDK's McpServer (pinned in package.json, lockfile
// beside it), tools registered with zod schemas, answering a read with the file's text as a
// plain text block and every other operation with a short text; refusals `isError: true`
// with the reason as text. Paths absolute (`path`, `from`, `to`). Node has no descriptor-based
// walk (openat, O_NOFOLLOW per component), so each file operation is done by the zoo's
// Python core over a pipe (../core_pipe.py); this file is the TypeScript SDK's side alone.
//   node server.mjs PYTHON ROOT
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const [python, root] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const core = spawn(python, [join(here, "..", "core_pipe.py"), root], { stdio: ["pipe", "pipe", "inherit"] });
const waiting = [];
createInterface({ input: core.stdout }).on("line", (line) => waiting.shift()(JSON.parse(line)));
// One request at a time on the pipe, answered in order.
let chain = Promise.resolve();
function op(name, ...args) {
  const next = chain.then(() => new Promise((resolve) => {
    waiting.push(resolve);
    core.stdin.write(JSON.stringify({ op: name, args }) + "\n");
  }));
  chain = next.catch(() => {});
  return next;
}

function answer(reply, text) {
  if (!reply.ok) return { isError: true, content: [{ type: "text", text: `${reply.status}: ${reply.error}` }] };
  return { content: [{ type: "text", text: text(reply.data) }] };
}

const server = new McpServer({ name: "zoo-ts-mcpserver", version: "1.0.0" });
server.registerTool("readTextFile", { description: "Read a whole text file (absolute path)", inputSchema: { path: z.string() } },
  async ({ path }) => answer(await op("read", path), (t) => t));
server.registerTool("writeTextFile", { description: "Create or replace a text file (absolute path)", inputSchema: { path: z.string(), content: z.string() } },
  async ({ path, content }) => answer(await op("create", path, content), () => `wrote ${path}`));
server.registerTool("deleteFile", { description: "Delete one file", inputSchema: { path: z.string() } },
  async ({ path }) => answer(await op("delete", path), () => `deleted ${path}`));
server.registerTool("deleteTree", { description: "Delete a directory and everything in it", inputSchema: { path: z.string() } },
  async ({ path }) => answer(await op("delete_tree", path), () => `deleted ${path}`));
server.registerTool("listDirectory", { description: "List a directory", inputSchema: { path: z.string() } },
  async ({ path }) => answer(await op("list", path), (es) => es.map((e) => `[${e.type}] ${e.name}`).join("\n")));
server.registerTool("moveFile", { description: "Move a file to a path that does not exist yet", inputSchema: { from: z.string(), to: z.string() } },
  async ({ from, to }) => answer(await op("move", from, to), () => `moved ${from} to ${to}`));
server.registerTool("replaceInFile", { description: "Replace the one occurrence of oldText by newText", inputSchema: { path: z.string(), oldText: z.string(), newText: z.string() } },
  async ({ path, oldText, newText }) => answer(await op("edit", path, oldText, newText), () => `edited ${path}`));

await server.connect(new StdioServerTransport());
