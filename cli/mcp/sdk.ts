// The parts of the MCP SDK (and its schema library) the server uses, in one module: the command
// line's packages bundle it into a file of its own (scripts/packageCli.js, packageAction.js), loaded
// only when `mcp` runs, so no other verb pays for reading it at start-up.
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export * as z from 'zod/v4';
