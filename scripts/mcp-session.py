#!/usr/bin/env python3
"""One scripted MCP session with `noveler mcp` over stdio (used by scripts/behaviour-diff.sh).

Usage: mcp-session.py BIN PROJECT_ROOT PROFILE SCRIPT

SCRIPT has one request per line: `list` (tools/list), or `TOOL {json arguments}`
(tools/call); `#` starts a comment. In the arguments `$SESSION` is the last `session_id` a
reply carried and `$FIXTURE(rel/path.json)` the JSON of fixtures/rel/path.json
(`$FIXTURE_STR(…)`: that file's text as a JSON string). Each request
is sent after the previous reply arrived; the raw reply lines are printed in order.
"""
import json
import os
import re
import subprocess
import sys

binary, root, profile, script = sys.argv[1:5]
fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")
proc = subprocess.Popen(
    [binary, "mcp", "--project-root", root, "--tools", profile],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def send(message):
    proc.stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode())
    proc.stdin.flush()


def reply(request_id):
    while True:
        line = proc.stdout.readline()
        if not line:
            return None, b""
        message = json.loads(line)
        if message.get("id") == request_id and ("result" in message or "error" in message):
            return message, line
        # A request from the server (roots/list …): answer it empty.
        if "method" in message and "id" in message:
            send({"jsonrpc": "2.0", "id": message["id"], "result": {"roots": []}})


def session_of(value):
    if isinstance(value, dict):
        if isinstance(value.get("session_id"), str):
            return value["session_id"]
        children = value.values()
    elif isinstance(value, list):
        children = value
    else:
        return None
    for child in children:
        found = session_of(child)
        if found:
            return found
    return None


send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
      "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                 "clientInfo": {"name": "behaviour-diff", "version": "1"}}})
reply(0)
send({"jsonrpc": "2.0", "method": "notifications/initialized"})

session = "none"
out = sys.stdout.buffer
for n, line in enumerate(open(script, encoding="utf-8"), start=1):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    line = line.replace("$SESSION", session)
    line = re.sub(r"\$FIXTURE_STR\(([^)]+)\)",
                  lambda m: json.dumps(open(os.path.join(fixtures, m.group(1)),
                                            encoding="utf-8").read(), ensure_ascii=False),
                  line)
    line = re.sub(r"\$FIXTURE\(([^)]+)\)",
                  lambda m: open(os.path.join(fixtures, m.group(1)), encoding="utf-8").read(),
                  line)
    if line == "list":
        send({"jsonrpc": "2.0", "id": n, "method": "tools/list", "params": {}})
    else:
        tool, _, args = line.partition(" ")
        send({"jsonrpc": "2.0", "id": n, "method": "tools/call",
              "params": {"name": tool, "arguments": json.loads(args or "{}")}})
    message, raw = reply(n)
    out.write(b">>> " + line.split(" ")[0].encode() + b"\n" + raw)
    if message is not None:
        found = session_of(message.get("result"))
        if found is None and isinstance(message.get("result"), dict):
            for c in message["result"].get("content", []):
                if c.get("type") == "text":
                    try:
                        found = session_of(json.loads(c["text"]))
                    except ValueError:
                        pass
        session = found or session
proc.stdin.close()
proc.wait(timeout=30)
