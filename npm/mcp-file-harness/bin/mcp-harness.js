#!/usr/bin/env node
// `mcp-harness ARGS` (also `mcp-file-harness ARGS`, so that `npx mcp-file-harness` works):
// runs this platform's mcp-harness binary with ARGS.
"use strict";
require("./launch.js").run(process.argv.slice(2));
