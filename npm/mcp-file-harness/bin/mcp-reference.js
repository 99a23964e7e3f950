#!/usr/bin/env node
// `mcp-reference ARGS`: the reference server built into the harness
// (`mcp-harness serve-reference ARGS` takes exactly mcp-reference's arguments).
"use strict";
require("./launch.js").run(["serve-reference", ...process.argv.slice(2)]);
