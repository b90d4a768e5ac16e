//! The MCP server (`noveler mcp`): a thin adapter over `commands`.
