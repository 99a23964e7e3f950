//! Reference MCP server for the RootSpace text-file interface (in progress).
