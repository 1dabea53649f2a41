-- Neovim (0.7+) as a real LSP client of the language server (LSP_SERVER: the npm package's
-- mcpdesc-language-server bin, or a .js bundle run with node): starts the server over stdio, opens
-- LSP_FILE, waits for the diagnostics, asks for the code actions on each diagnostic's line (with
-- that line's diagnostics as context, as `vim.lsp.buf.code_action()` does), prints one JSON line
-- and quits. Run by run-nvim-check.sh; the node test asserts on the JSON.
local server = os.getenv('LSP_SERVER') or './dist/server.js'
local cmd = server:match('%.js$') and { 'node', server, '--stdio' } or { server, '--stdio' }
local file = vim.fn.fnamemodify(os.getenv('LSP_FILE') or '', ':p')
local root = vim.fn.fnamemodify(file, ':h')
local out = { file = file }

local function finish(code)
  io.stdout:write(vim.fn.json_encode(out) .. '\n')
  vim.cmd((code == 0) and 'qall!' or ('cquit ' .. code))
end

-- LSP_SETTINGS (JSON, optional): the user's `settings = { mcpdesc = { ... } }`. Neovim 0.7 does not
-- answer workspace/configuration and sends no settings by itself; its documentation has on_init
-- send them with didChangeConfiguration, as here.
local settings_json = os.getenv('LSP_SETTINGS')
local settings = (settings_json and settings_json ~= '') and vim.fn.json_decode(settings_json) or {}

local client_id = vim.lsp.start_client({
  name = 'mcpdesc',
  cmd = cmd,
  settings = settings,
  on_init = function(client)
    if next(settings) then client.notify('workspace/didChangeConfiguration', { settings = settings }) end
  end,
  root_dir = root,
  workspace_folders = { { uri = vim.uri_from_fname(root), name = 'fixtures' } },
  on_exit = function(code, signal) out.server_exit = { code = code, signal = signal } end,
})
if not client_id then out.error = 'start_client failed'; return finish(2) end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
vim.bo[bufnr].filetype = 'json'
vim.lsp.buf_attach_client(bufnr, client_id)

local ok = vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
out.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local data = d.user_data and d.user_data.lsp and d.user_data.lsp.data or {}
  table.insert(out.diagnostics, {
    lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    severity = d.severity, message = d.message, source = d.source, code = d.code,
    violation = data.violation,
  })
end
if not ok then out.error = 'timeout waiting for diagnostics'; return finish(3) end

out.code_actions = {}
local seen_lines = {}
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  if not seen_lines[d.lnum] then
    seen_lines[d.lnum] = true
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      range = { start = { line = d.lnum, character = 0 }, ['end'] = { line = d.lnum, character = 0 } },
      context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, d.lnum) },
    }
    local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 10000)
    for _, response in pairs(responses or {}) do
      if response.err then out.error = 'codeAction failed: ' .. vim.inspect(response.err) end
      for _, action in ipairs(response.result or {}) do
        table.insert(out.code_actions, {
          line = d.lnum, title = action.title, kind = action.kind, isPreferred = action.isPreferred == true,
        })
      end
    end
  end
end

vim.lsp.get_client_by_id(client_id).stop()
vim.wait(5000, function() return out.server_exit ~= nil end, 50)
finish(out.error and 4 or 0)
