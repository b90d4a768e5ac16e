-- Neovim, headless, as an author's editor: starts `noveler lsp` with the built-in client,
-- opens a manuscript, waits for its diagnostics and writes them out, then applies the
-- quick fix of the TYPO finding and saves the file. Driven by tests/nvim.rs through
-- environment variables; works from Neovim 0.7 (Debian 12) on.
local bin = os.getenv("NOVELER_BIN")
local root = os.getenv("NOVELER_ROOT")
local file = os.getenv("NOVELER_FILE")
local out = os.getenv("NOVELER_OUT")
local patience = 120000

local function finish(lines, code)
  local f = assert(io.open(out, "w"))
  for _, l in ipairs(lines) do
    f:write(l, "\n")
  end
  f:close()
  vim.cmd(code == 0 and "qa!" or "cq!")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "noveler",
  cmd = { bin, "lsp" },
  root_dir = root,
})
if not client_id then
  finish({ "error: the client did not start" }, 1)
  return
end
vim.lsp.buf_attach_client(bufnr, client_id)

local got = vim.wait(patience, function()
  return #vim.diagnostic.get(bufnr) > 0
end, 50)
if not got then
  finish({ "error: no diagnostics" }, 1)
  return
end

local lines = {}
local typo
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
  table.insert(lines, string.format("diagnostic\t%s\t%d\t%d\t%d", code, d.lnum, d.col, d.severity))
  if code == "TYPO" then
    typo = d
  end
end
if not typo then
  finish(lines, 1)
  return
end

-- The code actions at the TYPO finding; its quick fix is applied and the file saved.
local lsp_diag = typo.user_data and typo.user_data.lsp or {}
local params = {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  range = {
    start = { line = typo.lnum, character = typo.col },
    ["end"] = { line = typo.end_lnum, character = typo.end_col },
  },
  context = { diagnostics = { lsp_diag } },
}
local replies = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, patience) or {}
local applied = false
for _, reply in pairs(replies) do
  for _, action in ipairs(reply.result or {}) do
    table.insert(lines, "action\t" .. action.title)
    if not applied and action.edit and action.title:find("こんにちは", 1, true) then
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
      applied = true
    end
  end
end
if not applied then
  finish(lines, 1)
  return
end
vim.cmd("write")
table.insert(lines, "applied")
finish(lines, 0)
