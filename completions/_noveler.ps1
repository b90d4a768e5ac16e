
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'noveler' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'noveler'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'noveler' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page with --dir)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Show a rule''s documentation: what it detects, why, an example and its fix')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'List every rule with its code, aspect and default severity')
<<<<<<< HEAD
=======
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)')
>>>>>>> workflow
            [CompletionResult]::new('artifact', 'artifact', [CompletionResultType]::ParameterValue, 'Content-addressed artifacts: store, fetch, list, delete, gc')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Snapshots of manuscripts and artifacts: create, list, restore')
            [CompletionResult]::new('files', 'files', [CompletionResultType]::ParameterValue, 'Saved results and the hash index: info, list, get, changes, clean')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check that a JSON document is a well-formed result envelope')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;check' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (snippets), json (the result envelope), ndjson (one finding per line + summary), sarif (2.1.0), github (Actions annotations)')
            [CompletionResult]::new('--aspects', '--aspects', [CompletionResultType]::ParameterName, 'Only check these aspects (comma-separated)')
            [CompletionResult]::new('--severity-threshold', '--severity-threshold', [CompletionResultType]::ParameterName, 'Report only findings of this severity or above')
            [CompletionResult]::new('--fail-on', '--fail-on', [CompletionResultType]::ParameterName, 'Exit 1 when a finding of this severity or above is reported')
            [CompletionResult]::new('--fail-under', '--fail-under', [CompletionResultType]::ParameterName, 'Exit 1 when a file''s overall score is below this (0-100)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour the text output')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Tool config to use instead of .novelerrc.yaml')
            [CompletionResult]::new('--exclude-dialogue-lines', '--exclude-dialogue-lines', [CompletionResultType]::ParameterName, 'Rhythm metrics and rules over narration only (true) or all sentences (false)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'File name to report stdin (-) as; also decides ignores')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit 0 even when the gate trips (errors still exit 2)')
            [CompletionResult]::new('--statistics', '--statistics', [CompletionResultType]::ParameterName, 'Print a table of finding counts per rule code instead of the findings (text format)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never show a progress bar')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Do not read or write the content-hash cache (.noveler/cache/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;completions' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Directory to write completions/ and man/ into (with --write-all; default: .)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--write-all', '--write-all', [CompletionResultType]::ParameterName, 'Write every completion script to completions/ and every man page to man/')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;man' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Write every page into DIR instead of printing one')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;explain' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;rules' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
<<<<<<< HEAD
=======
        'noveler;mcp' {
            [CompletionResult]::new('--tools', '--tools', [CompletionResultType]::ParameterName, 'Which tools to offer: `core` (the ten most used) or `full` (all)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
>>>>>>> workflow
        'noveler;artifact' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('store', 'store', [CompletionResultType]::ParameterValue, 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id')
            [CompletionResult]::new('fetch', 'fetch', [CompletionResultType]::ParameterValue, 'Print an artifact''s content, or one section of it')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List stored artifacts (corrupt files are reported and skipped)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete an artifact (its file is backed up first)')
            [CompletionResult]::new('gc', 'gc', [CompletionResultType]::ParameterValue, 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;artifact;store' {
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Content type (default: from the file extension, else text)')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'Human-readable description')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'Tag KEY=VALUE (repeatable); keep=true protects from gc')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;artifact;fetch' {
            [CompletionResult]::new('--section', '--section', [CompletionResultType]::ParameterName, 'JSON/YAML key path (a.b.0) or Markdown heading text')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;artifact;list' {
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'Only artifacts with this tag KEY=VALUE (repeatable: all must match)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;artifact;delete' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;artifact;gc' {
            [CompletionResult]::new('--older-than', '--older-than', [CompletionResultType]::ParameterName, 'Keep unreferenced artifacts younger than this age')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Only show what would be removed')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;artifact;help' {
            [CompletionResult]::new('store', 'store', [CompletionResultType]::ParameterValue, 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id')
            [CompletionResult]::new('fetch', 'fetch', [CompletionResultType]::ParameterValue, 'Print an artifact''s content, or one section of it')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List stored artifacts (corrupt files are reported and skipped)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete an artifact (its file is backed up first)')
            [CompletionResult]::new('gc', 'gc', [CompletionResultType]::ParameterValue, 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;artifact;help;store' {
            break
        }
        'noveler;artifact;help;fetch' {
            break
        }
        'noveler;artifact;help;list' {
            break
        }
        'noveler;artifact;help;delete' {
            break
        }
        'noveler;artifact;help;gc' {
            break
        }
        'noveler;artifact;help;help' {
            break
        }
        'noveler;backup' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Snapshot manuscripts (and artifacts) under .noveler/backups/')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List backups, newest first')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Restore a backup (hashes verified first; overwritten files are backed up)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;backup;create' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why (kept in the manifest)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every manuscript and every artifact')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;backup;list' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;backup;restore' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Only show what would be written')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;backup;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Snapshot manuscripts (and artifacts) under .noveler/backups/')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List backups, newest first')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Restore a backup (hashes verified first; overwritten files are backed up)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;backup;help;create' {
            break
        }
        'noveler;backup;help;list' {
            break
        }
        'noveler;backup;help;restore' {
            break
        }
        'noveler;backup;help;help' {
            break
        }
        'noveler;files' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('info', 'info', [CompletionResultType]::ParameterValue, 'Show a file''s reference (path, sha256, size, type) and what the hash index knows of it')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the files recorded in the hash index with their hashes')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print a recorded file by its sha256 (content re-verified; `text` prints it raw)')
            [CompletionResult]::new('changes', 'changes', [CompletionResultType]::ParameterValue, 'Compare files with the state the hash index last recorded for them')
            [CompletionResult]::new('clean', 'clean', [CompletionResultType]::ParameterValue, 'Remove saved results older than a given age and update the index')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;files;info' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;files;list' {
            [CompletionResult]::new('--prefix', '--prefix', [CompletionResultType]::ParameterName, 'Only paths starting with this prefix')
            [CompletionResult]::new('--role', '--role', [CompletionResultType]::ParameterName, 'Only entries with this role (envelope, manuscript, stdout …)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;files;get' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;files;changes' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;files;clean' {
            [CompletionResult]::new('--older-than', '--older-than', [CompletionResultType]::ParameterName, 'Age, e.g. 30d, 12h, 90m')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Only show what would be removed')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;files;help' {
            [CompletionResult]::new('info', 'info', [CompletionResultType]::ParameterValue, 'Show a file''s reference (path, sha256, size, type) and what the hash index knows of it')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the files recorded in the hash index with their hashes')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print a recorded file by its sha256 (content re-verified; `text` prints it raw)')
            [CompletionResult]::new('changes', 'changes', [CompletionResultType]::ParameterValue, 'Compare files with the state the hash index last recorded for them')
            [CompletionResult]::new('clean', 'clean', [CompletionResultType]::ParameterValue, 'Remove saved results older than a given age and update the index')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;files;help;info' {
            break
        }
        'noveler;files;help;list' {
            break
        }
        'noveler;files;help;get' {
            break
        }
        'noveler;files;help;changes' {
            break
        }
        'noveler;files;help;clean' {
            break
        }
        'noveler;files;help;help' {
            break
        }
        'noveler;convert' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;validate' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--verify-files', '--verify-files', [CompletionResultType]::ParameterName, 'Also compare every FileRef with the file on disk')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;help' {
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page with --dir)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Show a rule''s documentation: what it detects, why, an example and its fix')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'List every rule with its code, aspect and default severity')
<<<<<<< HEAD
=======
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)')
>>>>>>> workflow
            [CompletionResult]::new('artifact', 'artifact', [CompletionResultType]::ParameterValue, 'Content-addressed artifacts: store, fetch, list, delete, gc')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Snapshots of manuscripts and artifacts: create, list, restore')
            [CompletionResult]::new('files', 'files', [CompletionResultType]::ParameterValue, 'Saved results and the hash index: info, list, get, changes, clean')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check that a JSON document is a well-formed result envelope')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;help;check' {
            break
        }
        'noveler;help;completions' {
            break
        }
        'noveler;help;man' {
            break
        }
        'noveler;help;explain' {
            break
        }
        'noveler;help;rules' {
            break
        }
<<<<<<< HEAD
=======
        'noveler;help;mcp' {
            break
        }
>>>>>>> workflow
        'noveler;help;artifact' {
            [CompletionResult]::new('store', 'store', [CompletionResultType]::ParameterValue, 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id')
            [CompletionResult]::new('fetch', 'fetch', [CompletionResultType]::ParameterValue, 'Print an artifact''s content, or one section of it')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List stored artifacts (corrupt files are reported and skipped)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete an artifact (its file is backed up first)')
            [CompletionResult]::new('gc', 'gc', [CompletionResultType]::ParameterValue, 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)')
            break
        }
        'noveler;help;artifact;store' {
            break
        }
        'noveler;help;artifact;fetch' {
            break
        }
        'noveler;help;artifact;list' {
            break
        }
        'noveler;help;artifact;delete' {
            break
        }
        'noveler;help;artifact;gc' {
            break
        }
        'noveler;help;backup' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Snapshot manuscripts (and artifacts) under .noveler/backups/')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List backups, newest first')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Restore a backup (hashes verified first; overwritten files are backed up)')
            break
        }
        'noveler;help;backup;create' {
            break
        }
        'noveler;help;backup;list' {
            break
        }
        'noveler;help;backup;restore' {
            break
        }
        'noveler;help;files' {
            [CompletionResult]::new('info', 'info', [CompletionResultType]::ParameterValue, 'Show a file''s reference (path, sha256, size, type) and what the hash index knows of it')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the files recorded in the hash index with their hashes')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print a recorded file by its sha256 (content re-verified; `text` prints it raw)')
            [CompletionResult]::new('changes', 'changes', [CompletionResultType]::ParameterValue, 'Compare files with the state the hash index last recorded for them')
            [CompletionResult]::new('clean', 'clean', [CompletionResultType]::ParameterValue, 'Remove saved results older than a given age and update the index')
            break
        }
        'noveler;help;files;info' {
            break
        }
        'noveler;help;files;list' {
            break
        }
        'noveler;help;files;get' {
            break
        }
        'noveler;help;files;changes' {
            break
        }
        'noveler;help;files;clean' {
            break
        }
        'noveler;help;convert' {
            break
        }
        'noveler;help;validate' {
            break
        }
        'noveler;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
