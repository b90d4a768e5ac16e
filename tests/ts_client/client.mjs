// Drives `noveler mcp` through the official TypeScript SDK (@modelcontextprotocol/sdk), as
// MCP Inspector and many hosts do: lists the tools (the SDK refuses a list whose schemas it
// cannot read) and calls some, letting the SDK validate each structuredContent against the
// tool's outputSchema. Prints one JSON report on stdout; tests/ts_sdk.rs judges it.
//
// usage: node client.mjs <sdk-dir> <noveler-binary> <project-root> <profile> <calls.json>
// calls.json: [{"tool": "...", "arguments": {...}, "expect_error": false}, ...]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [sdkDir, bin, root, profile, callsFile] = process.argv.slice(2);
const sdk = (p) => import(pathToFileURL(join(sdkDir, "node_modules/@modelcontextprotocol/sdk/dist/esm", p)).href);
const { Client } = await sdk("client/index.js");
const { StdioClientTransport } = await sdk("client/stdio.js");

const transport = new StdioClientTransport({
  command: bin,
  args: ["mcp", "--project-root", root, "-q", "--tools", profile],
  stderr: "inherit",
});
const client = new Client({ name: "noveler-ts-test", version: "1.0.0" });
await client.connect(transport);
const report = { sdk_version: null, tools: [], list_bytes: 0, calls: [] };
try {
  report.sdk_version = JSON.parse(
    readFileSync(join(sdkDir, "node_modules/@modelcontextprotocol/sdk/package.json"), "utf8"),
  ).version;
} catch {}
const listed = await client.listTools();
report.tools = listed.tools.map((t) => t.name);
report.list_bytes = Buffer.byteLength(JSON.stringify(listed));
const calls = JSON.parse(readFileSync(callsFile, "utf8"));
for (const call of calls) {
  const entry = { tool: call.tool };
  try {
    const r = await client.callTool({ name: call.tool, arguments: call.arguments ?? {} });
    const text = r.content?.find((c) => c.type === "text")?.text ?? "";
    entry.is_error = r.isError === true;
    entry.bytes = Buffer.byteLength(text);
    entry.structured = r.structuredContent ?? null;
  } catch (e) {
    // An SDK-side failure: the reply did not validate, or a protocol error.
    entry.exception = String(e?.message ?? e);
  }
  report.calls.push(entry);
}
await client.close();
process.stdout.write(JSON.stringify(report));
