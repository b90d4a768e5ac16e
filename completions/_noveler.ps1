
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
        'noveler;help' {
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page with --dir)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Show a rule''s documentation: what it detects, why, an example and its fix')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'List every rule with its code, aspect and default severity')
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
        'noveler;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
