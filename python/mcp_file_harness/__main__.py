"""`python -m mcp_file_harness ARGS`: the same as `mcp-harness ARGS`."""

from mcp_file_harness import main

main()
