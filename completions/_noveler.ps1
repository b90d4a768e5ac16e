
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (or write every page with --dir)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Show a rule''s documentation: what it detects, why, an example and its fix')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'List every rule with its code, aspect and default severity')
            [CompletionResult]::new('artifact', 'artifact', [CompletionResultType]::ParameterValue, 'Content-addressed artifacts: store, fetch, list, delete, gc')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Snapshots of manuscripts and artifacts: create, list, restore')
            [CompletionResult]::new('files', 'files', [CompletionResultType]::ParameterValue, 'Saved results and the hash index: info, list, get, changes, clean')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check that a JSON document is a well-formed result envelope')
            [CompletionResult]::new('write', 'write', [CompletionResultType]::ParameterValue, 'Write an episode in ten stages with an agent: prompts out, validated results in')
            [CompletionResult]::new('plot', 'plot', [CompletionResultType]::ParameterValue, 'The episode plot for an agent: prompt, then submit the plot YAML')
            [CompletionResult]::new('todo', 'todo', [CompletionResultType]::ParameterValue, 'Tasks for the author''s agent: .todo/task.md (add, update, delete, move, list, search)')
            [CompletionResult]::new('adr', 'adr', [CompletionResultType]::ParameterValue, 'Decision records (ADR) under .todo/adr/ (new, status, list)')
            [CompletionResult]::new('context', 'context', [CompletionResultType]::ParameterValue, 'Per-task context files .todo/context/TNNN.md (set, append, show, search)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Where the project stands: episodes, quality, progress (and an HTML report)')
            [CompletionResult]::new('complete', 'complete', [CompletionResultType]::ParameterValue, 'Finish an episode: quality gate, 話数管理 update and the publish-ready text')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create a new novel project (folders, settings, first plot, .novelerrc.yaml)')
            [CompletionResult]::new('progressive', 'progressive', [CompletionResultType]::ParameterValue, 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end')
            [CompletionResult]::new('evaluate', 'evaluate', [CompletionResultType]::ParameterValue, 'Judged evaluations for an agent: 68 story elements, structure, expression, preview')
            [CompletionResult]::new('polish', 'polish', [CompletionResultType]::ParameterValue, 'Apply the rules'' automatic fixes (diff or --apply with a backup), or revision stages 2/3')
            [CompletionResult]::new('baseline', 'baseline', [CompletionResultType]::ParameterValue, 'Corpus baselines (statistics of a folder of texts) for `check --corpus-model-id`: build DIR, list, show ID. Not `check --baseline` (accepted findings)')
            [CompletionResult]::new('feedback', 'feedback', [CompletionResultType]::ParameterValue, 'Record accept/reject feedback on findings (weights and config suggestions): record, summary')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)')
            [CompletionResult]::new('lsp', 'lsp', [CompletionResultType]::ParameterValue, 'Serve findings, fixes and rule docs to an editor as you type (Language Server Protocol over stdio; see the README for Neovim, VS Code, Helix, Emacs and Zed)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;check' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (snippets), json (the result envelope), ndjson (one finding per line + summary), sarif (2.1.0), github (Actions annotations), concise (one line per finding: path:line:col: CODE message)')
            [CompletionResult]::new('--aspects', '--aspects', [CompletionResultType]::ParameterName, 'Only check these aspects (comma-separated)')
            [CompletionResult]::new('--severity-threshold', '--severity-threshold', [CompletionResultType]::ParameterName, 'Report only findings of this severity or above')
            [CompletionResult]::new('--fail-on', '--fail-on', [CompletionResultType]::ParameterName, 'Exit 1 when a finding of this severity or above is reported')
            [CompletionResult]::new('--fail-under', '--fail-under', [CompletionResultType]::ParameterName, 'Exit 1 when a file''s overall score is below this (0-100)')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Run only these rules this time (comma-separated or repeated; overrides the config)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Do not run these rules this time (comma-separated or repeated)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour the text output')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Tool config to use instead of .novelerrc.yaml')
            [CompletionResult]::new('--preset', '--preset', [CompletionResultType]::ParameterName, 'Rule preset: narou (web novels) or literary (the default for Aozora Bunko files)')
            [CompletionResult]::new('--exclude-dialogue-lines', '--exclude-dialogue-lines', [CompletionResultType]::ParameterName, 'Rhythm metrics and rules over narration only (true) or all sentences (false)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'File name to report stdin (-) as; also decides ignores. Stdin is checked as a snippet unless this names an episode file (第NNN話…) or a file in the manuscript directory')
            [CompletionResult]::new('--baseline', '--baseline', [CompletionResultType]::ParameterName, 'Hide findings recorded in this baseline file (default .noveler-baseline.json at the project root, to commit)')
            [CompletionResult]::new('--write-baseline', '--write-baseline', [CompletionResultType]::ParameterName, 'Record every current finding in a baseline file (default .noveler-baseline.json at the project root, to commit)')
            [CompletionResult]::new('--corpus-model-id', '--corpus-model-id', [CompletionResultType]::ParameterName, 'Compare with this stored baseline (`noveler baseline build DIR`) instead (implies --ml)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--basic', '--basic', [CompletionResultType]::ParameterName, 'The basic check (MCP check_basic): every aspect but rhythm')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit 0 even when the gate trips (errors still exit 2)')
            [CompletionResult]::new('--show-settings', '--show-settings', [CompletionResultType]::ParameterName, 'Print the settings the check would run with (configs read, preset, target length, thresholds, every rule on or off with its severity) and check nothing')
            [CompletionResult]::new('--statistics', '--statistics', [CompletionResultType]::ParameterName, 'Print a table of finding counts per rule code instead of the findings (text format)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never show a progress bar')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Do not read or write the content-hash cache (.noveler/cache/)')
            [CompletionResult]::new('--snippet', '--snippet', [CompletionResultType]::ParameterName, 'Check the text as a snippet, not a whole episode: skip the rules about an episode as a whole (length, dialogue ratio, kanji ratio, window…)')
            [CompletionResult]::new('--ml', '--ml', [CompletionResultType]::ParameterName, 'Compare with a corpus baseline (statistics, not a model): this text''s metrics as percentiles of the author''s earlier episodes, in metadata.ml_enhancements (json)')
            [CompletionResult]::new('--dynamic-thresholds', '--dynamic-thresholds', [CompletionResultType]::ParameterName, 'Check with thresholds learned from the baseline, clamped to sane bounds (implies --ml)')
            [CompletionResult]::new('--dynamic-severity', '--dynamic-severity', [CompletionResultType]::ParameterName, 'Adjust severities by position and frequency against the baseline (implies --ml)')
            [CompletionResult]::new('--optimize-weights', '--optimize-weights', [CompletionResultType]::ParameterName, 'Weight rule penalties by the recorded accept/reject feedback (implies --ml)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('progressive', 'progressive', [CompletionResultType]::ParameterValue, 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;check;progressive' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'List the 12 steps and start (or resume) the episode''s session')
            [CompletionResult]::new('step', 'step', [CompletionResultType]::ParameterValue, 'Run step N: findings and metrics now, plus the prompt for the judgment part')
            [CompletionResult]::new('repeat', 'repeat', [CompletionResultType]::ParameterValue, 'Run step N up to COUNT times, stopping on pass / too little improvement')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Progress of the session')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past attempts, newest first')
            [CompletionResult]::new('end', 'end', [CompletionResultType]::ParameterValue, 'Close the session')
            [CompletionResult]::new('artifacts', 'artifacts', [CompletionResultType]::ParameterValue, 'Files and artifacts of the session')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;check;progressive;tasks' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--new', '--new', [CompletionResultType]::ParameterName, 'Start a new session even if one is open')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;check;progressive;step' {
            [CompletionResult]::new('--llm-result', '--llm-result', [CompletionResultType]::ParameterName, 'The agent''s judgment (JSON file, `-` for stdin) to fold into the score')
            [CompletionResult]::new('--content', '--content', [CompletionResultType]::ParameterName, 'Check this file''s text instead of the manuscript (nothing is written)')
            [CompletionResult]::new('--corpus-model-id', '--corpus-model-id', [CompletionResultType]::ParameterName, 'Compare with this stored baseline (`noveler baseline build DIR`) instead (implies --ml)')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Run the step but keep nothing (no session, attempt, step files or artifacts)')
            [CompletionResult]::new('--ml', '--ml', [CompletionResultType]::ParameterName, 'Compare with a corpus baseline (statistics, not a model): this text''s metrics as percentiles of the author''s earlier episodes, in metadata.ml_enhancements (json)')
            [CompletionResult]::new('--dynamic-thresholds', '--dynamic-thresholds', [CompletionResultType]::ParameterName, 'Check with thresholds learned from the baseline, clamped to sane bounds (implies --ml)')
            [CompletionResult]::new('--dynamic-severity', '--dynamic-severity', [CompletionResultType]::ParameterName, 'Adjust severities by position and frequency against the baseline (implies --ml)')
            [CompletionResult]::new('--optimize-weights', '--optimize-weights', [CompletionResultType]::ParameterName, 'Weight rule penalties by the recorded accept/reject feedback (implies --ml)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;check;progressive;repeat' {
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'count')
            [CompletionResult]::new('--min-improvement', '--min-improvement', [CompletionResultType]::ParameterName, 'Stop when the score improves by less than this')
            [CompletionResult]::new('--time-budget', '--time-budget', [CompletionResultType]::ParameterName, 'Stop after this many seconds (QC-007)')
            [CompletionResult]::new('--llm-result', '--llm-result', [CompletionResultType]::ParameterName, 'The agent''s judgment for the first attempt')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--until-pass', '--until-pass', [CompletionResultType]::ParameterName, 'Stop once the step passes')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;check;progressive;status' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;check;progressive;history' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'limit')
            [CompletionResult]::new('--cursor', '--cursor', [CompletionResultType]::ParameterName, 'cursor')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;check;progressive;end' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;check;progressive;artifacts' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;check;progressive;help' {
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'List the 12 steps and start (or resume) the episode''s session')
            [CompletionResult]::new('step', 'step', [CompletionResultType]::ParameterValue, 'Run step N: findings and metrics now, plus the prompt for the judgment part')
            [CompletionResult]::new('repeat', 'repeat', [CompletionResultType]::ParameterValue, 'Run step N up to COUNT times, stopping on pass / too little improvement')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Progress of the session')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past attempts, newest first')
            [CompletionResult]::new('end', 'end', [CompletionResultType]::ParameterValue, 'Close the session')
            [CompletionResult]::new('artifacts', 'artifacts', [CompletionResultType]::ParameterValue, 'Files and artifacts of the session')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;check;progressive;help;tasks' {
            break
        }
        'noveler;check;progressive;help;step' {
            break
        }
        'noveler;check;progressive;help;repeat' {
            break
        }
        'noveler;check;progressive;help;status' {
            break
        }
        'noveler;check;progressive;help;history' {
            break
        }
        'noveler;check;progressive;help;end' {
            break
        }
        'noveler;check;progressive;help;artifacts' {
            break
        }
        'noveler;check;progressive;help;help' {
            break
        }
        'noveler;check;help' {
            [CompletionResult]::new('progressive', 'progressive', [CompletionResultType]::ParameterValue, 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;check;help;progressive' {
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'List the 12 steps and start (or resume) the episode''s session')
            [CompletionResult]::new('step', 'step', [CompletionResultType]::ParameterValue, 'Run step N: findings and metrics now, plus the prompt for the judgment part')
            [CompletionResult]::new('repeat', 'repeat', [CompletionResultType]::ParameterValue, 'Run step N up to COUNT times, stopping on pass / too little improvement')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Progress of the session')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past attempts, newest first')
            [CompletionResult]::new('end', 'end', [CompletionResultType]::ParameterValue, 'Close the session')
            [CompletionResult]::new('artifacts', 'artifacts', [CompletionResultType]::ParameterValue, 'Files and artifacts of the session')
            break
        }
        'noveler;check;help;progressive;tasks' {
            break
        }
        'noveler;check;help;progressive;step' {
            break
        }
        'noveler;check;help;progressive;repeat' {
            break
        }
        'noveler;check;help;progressive;status' {
            break
        }
        'noveler;check;help;progressive;history' {
            break
        }
        'noveler;check;help;progressive;end' {
            break
        }
        'noveler;check;help;progressive;artifacts' {
            break
        }
        'noveler;check;help;help' {
            break
        }
        'noveler;completions' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Directory to write completions/ and man/ into (with --write-all; default: .)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--write-all', '--write-all', [CompletionResultType]::ParameterName, 'Write every completion script to completions/ and every man page to man/')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;man' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Write every page into DIR instead of printing one')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;explain' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;rules' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;artifact' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;artifact;fetch' {
            [CompletionResult]::new('--section', '--section', [CompletionResultType]::ParameterName, 'JSON/YAML key path (a.b.0) or Markdown heading text')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--format-type', '--format-type', [CompletionResultType]::ParameterName, 'Convert the content: text (as stored), json or yaml (JSON/YAML artifacts)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;artifact;list' {
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'Only artifacts with this tag KEY=VALUE (repeatable: all must match)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;artifact;delete' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;backup;list' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;backup;restore' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Only show what would be written')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;files;get' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;files;changes' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;validate' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--verify-files', '--verify-files', [CompletionResultType]::ParameterName, 'Also compare every FileRef with the file on disk')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;write' {
            [CompletionResult]::new('--step', '--step', [CompletionResultType]::ParameterName, 'Show this step (1-10) instead of the current one')
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Show this stage, by name (plot_data_preparation ... finalize_manuscript) or number')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session to continue (default: the episode''s session in progress)')
            [CompletionResult]::new('--plot-file', '--plot-file', [CompletionResultType]::ParameterName, 'Use this plot instead of the episode''s plot file (new sessions)')
            [CompletionResult]::new('--word-count-target', '--word-count-target', [CompletionResultType]::ParameterName, 'Target length in characters (default: middle of the project''s target range)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--new', '--new', [CompletionResultType]::ParameterName, 'Start a new session (refused while another one is in progress)')
            [CompletionResult]::new('--draft', '--draft', [CompletionResultType]::ParameterName, 'Go straight to the manuscript (stage 8), recording the open design stages as skipped')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Render only: write nothing (no session, artifacts, logs or result file)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('submit', 'submit', [CompletionResultType]::ParameterValue, 'Submit a stage''s output (JSON/YAML; for stage 8 also a bare manuscript .md)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Continue an interrupted (or abandoned) session from its current stage')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Sessions of an episode and the progress of one')
            [CompletionResult]::new('abandon', 'abandon', [CompletionResultType]::ParameterValue, 'Stop a session, freeing the episode for a new one')
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)')
            [CompletionResult]::new('recover', 'recover', [CompletionResultType]::ParameterValue, 'Rebuild a damaged session and replay logged outputs from a step (enhanced_resume_from_partial_failure)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;write;submit' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session (default: the episode''s session in progress)')
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Stage number or name (default: the session''s current stage)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'File holding the output, or `-` for stdin')
            [CompletionResult]::new('--feedback', '--feedback', [CompletionResultType]::ParameterName, 'The author''s feedback on this stage (e.g. approved)')
            [CompletionResult]::new('--waive', '--waive', [CompletionResultType]::ParameterName, 'Stages 8-10: a criterion of the plan to waive (target_length, must_include:N, must_avoid:N; repeatable). Stage 10 does not end the session while one is unmet and not waived')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Validate only: write nothing')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;write;resume' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'The session to resume (default: the episode''s only session)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'dry-run')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;write;status' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'session')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;write;abandon' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'session')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;write;tasks' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;write;recover' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'First step to replay (0 = from the start)')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'session')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;write;help' {
            [CompletionResult]::new('submit', 'submit', [CompletionResultType]::ParameterValue, 'Submit a stage''s output (JSON/YAML; for stage 8 also a bare manuscript .md)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Continue an interrupted (or abandoned) session from its current stage')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Sessions of an episode and the progress of one')
            [CompletionResult]::new('abandon', 'abandon', [CompletionResultType]::ParameterValue, 'Stop a session, freeing the episode for a new one')
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)')
            [CompletionResult]::new('recover', 'recover', [CompletionResultType]::ParameterValue, 'Rebuild a damaged session and replay logged outputs from a step (enhanced_resume_from_partial_failure)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;write;help;submit' {
            break
        }
        'noveler;write;help;resume' {
            break
        }
        'noveler;write;help;status' {
            break
        }
        'noveler;write;help;abandon' {
            break
        }
        'noveler;write;help;tasks' {
            break
        }
        'noveler;write;help;recover' {
            break
        }
        'noveler;write;help;help' {
            break
        }
        'noveler;plot' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--regenerate', '--regenerate', [CompletionResultType]::ParameterName, 'Prompt for a new plot even though one exists')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Render only: write nothing')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('submit', 'submit', [CompletionResultType]::ParameterValue, 'Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;plot;submit' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'File holding the plot, or `-` for stdin')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--regenerate', '--regenerate', [CompletionResultType]::ParameterName, 'Replace the existing plot (it is backed up first)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Validate only: write nothing')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;plot;help' {
            [CompletionResult]::new('submit', 'submit', [CompletionResultType]::ParameterValue, 'Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;plot;help;submit' {
            break
        }
        'noveler;plot;help;help' {
            break
        }
        'noveler;todo' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a task at the end of its category in .todo/task.md (and create its context file)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a task''s title, status, category or subtasks')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a task and its context file')
            [CompletionResult]::new('move', 'move', [CompletionResultType]::ParameterValue, 'Move a task: first / last in its category, or before / after another task')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tasks in priority order')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search tasks (title and content by default)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;todo;add' {
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Category (a `##` section; default 未分類)')
            [CompletionResult]::new('--category', '--category', [CompletionResultType]::ParameterName, 'Category (a `##` section; default 未分類)')
            [CompletionResult]::new('-d', '-d', [CompletionResultType]::ParameterName, 'Details, written to the task''s context file')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'Details, written to the task''s context file')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'A subtask (repeat for several, at most 20)')
            [CompletionResult]::new('--subtask', '--subtask', [CompletionResultType]::ParameterName, 'A subtask (repeat for several, at most 20)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;todo;update' {
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 't')
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'title')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'todo, in_progress (or in-progress) or done')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'todo, in_progress (or in-progress) or done')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Move to this category (at its end)')
            [CompletionResult]::new('--category', '--category', [CompletionResultType]::ParameterName, 'Move to this category (at its end)')
            [CompletionResult]::new('--subtask', '--subtask', [CompletionResultType]::ParameterName, 'Replace all subtasks; repeat; a leading `[ ]`, `[-]` or `[x]` sets the status')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--clear-subtasks', '--clear-subtasks', [CompletionResultType]::ParameterName, 'Remove all subtasks')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;todo;delete' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;todo;move' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;todo;list' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'todo, in_progress (or in-progress) or done')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'todo, in_progress (or in-progress) or done')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'c')
            [CompletionResult]::new('--category', '--category', [CompletionResultType]::ParameterName, 'category')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'At most this many (1–100)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1–100)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;todo;search' {
            [CompletionResult]::new('--in', '--in', [CompletionResultType]::ParameterName, 'Where to search: title, content, context (comma-separated)')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'At most this many (1–50)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1–50)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;todo;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a task at the end of its category in .todo/task.md (and create its context file)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a task''s title, status, category or subtasks')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a task and its context file')
            [CompletionResult]::new('move', 'move', [CompletionResultType]::ParameterValue, 'Move a task: first / last in its category, or before / after another task')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tasks in priority order')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search tasks (title and content by default)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;todo;help;add' {
            break
        }
        'noveler;todo;help;update' {
            break
        }
        'noveler;todo;help;delete' {
            break
        }
        'noveler;todo;help;move' {
            break
        }
        'noveler;todo;help;list' {
            break
        }
        'noveler;todo;help;search' {
            break
        }
        'noveler;todo;help;help' {
            break
        }
        'noveler;adr' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Record a decision as .todo/adr/adr-NNN-<title>.md')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Change a decision''s status (recorded in its history)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List decision records')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;adr;new' {
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'Background of the decision')
            [CompletionResult]::new('--decision', '--decision', [CompletionResultType]::ParameterName, 'What was decided')
            [CompletionResult]::new('--rationale', '--rationale', [CompletionResultType]::ParameterName, 'Why')
            [CompletionResult]::new('--consequences', '--consequences', [CompletionResultType]::ParameterName, 'What follows from it')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Proposed (default), Accepted or Deprecated')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;adr;status' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Why the status changes')
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why the status changes')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;adr;list' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Proposed, Accepted or Deprecated')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Proposed, Accepted or Deprecated')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'At most this many (1–100)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1–100)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;adr;help' {
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Record a decision as .todo/adr/adr-NNN-<title>.md')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Change a decision''s status (recorded in its history)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List decision records')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;adr;help;new' {
            break
        }
        'noveler;adr;help;status' {
            break
        }
        'noveler;adr;help;list' {
            break
        }
        'noveler;adr;help;help' {
            break
        }
        'noveler;context' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Replace a task''s context (or one `##` section of it)')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Append to a task''s context (at the end, or to one `##` section)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a task''s context')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search all context files')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;context;set' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Replace only this `##` section (created when missing)')
            [CompletionResult]::new('--section', '--section', [CompletionResultType]::ParameterName, 'Replace only this `##` section (created when missing)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;context;append' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Append to this `##` section (created when missing)')
            [CompletionResult]::new('--section', '--section', [CompletionResultType]::ParameterName, 'Append to this `##` section (created when missing)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;context;show' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;context;search' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'At most this many (1–50)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1–50)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: readable text, or the JSON envelope')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'noveler;context;help' {
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Replace a task''s context (or one `##` section of it)')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Append to a task''s context (at the end, or to one `##` section)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a task''s context')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search all context files')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;context;help;set' {
            break
        }
        'noveler;context;help;append' {
            break
        }
        'noveler;context;help;show' {
            break
        }
        'noveler;context;help;search' {
            break
        }
        'noveler;context;help;help' {
            break
        }
        'noveler;status' {
            [CompletionResult]::new('--threshold', '--threshold', [CompletionResultType]::ParameterName, 'List episodes scoring below this in the quality summary (0–100)')
            [CompletionResult]::new('--recent', '--recent', [CompletionResultType]::ParameterName, 'How many recent activities to show')
            [CompletionResult]::new('--report', '--report', [CompletionResultType]::ParameterName, 'Also write a visual report')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Where to write the report (relative to the working directory; default: temp/status_report.html in the project)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Where to write the report (relative to the working directory; default: temp/status_report.html in the project)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-cache', '--no-cache', [CompletionResultType]::ParameterName, 'Analyse every manuscript again instead of using .noveler/cache/')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;complete' {
            [CompletionResult]::new('--site', '--site', [CompletionResultType]::ParameterName, 'Site of the publish-ready text (default: from 掲載予定 in プロジェクト設定.yaml, else narou)')
            [CompletionResult]::new('--min-score', '--min-score', [CompletionResultType]::ParameterName, 'Stop when the overall score is below this (0–100)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text, or json (the result envelope). `--output-format` is a deprecated alias; the site is `--site`')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--auto-publish', '--auto-publish', [CompletionResultType]::ParameterName, 'Prepare for posting (noveler never posts: there is no network access)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Run the gate and show what would be written, without writing')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Complete even though the gate refuses (length outside the band, score below --min-score, a criterion of the writing plan unmet); 話数管理.yaml records it as forced')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;init' {
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'The work''s title (プロジェクト名)')
            [CompletionResult]::new('--genre', '--genre', [CompletionResultType]::ParameterName, 'Main genre (ジャンル.メイン), e.g. ファンタジー')
            [CompletionResult]::new('--author', '--author', [CompletionResultType]::ParameterName, 'Author name (作者)')
            [CompletionResult]::new('--platform', '--platform', [CompletionResultType]::ParameterName, 'Where the work is to be posted (掲載予定; `complete` publishes in its format)')
            [CompletionResult]::new('--target-length', '--target-length', [CompletionResultType]::ParameterName, 'Target length per episode, in characters (default 4000, a なろう/カクヨム episode); the band around it is half of it to one and a half times it')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Minimum length per episode, in characters (default: half the target)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Maximum length per episode, in characters (default: one and a half times the target)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Initialise a non-empty directory: add what is missing, keep every existing file')
            [CompletionResult]::new('--no-agent-files', '--no-agent-files', [CompletionResultType]::ParameterName, 'Do not write .mcp.json and the Claude Code slash command .claude/commands/noveler.md')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;progressive' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'List the 12 steps and start (or resume) the episode''s session')
            [CompletionResult]::new('step', 'step', [CompletionResultType]::ParameterValue, 'Run step N: findings and metrics now, plus the prompt for the judgment part')
            [CompletionResult]::new('repeat', 'repeat', [CompletionResultType]::ParameterValue, 'Run step N up to COUNT times, stopping on pass / too little improvement')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Progress of the session')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past attempts, newest first')
            [CompletionResult]::new('end', 'end', [CompletionResultType]::ParameterValue, 'Close the session')
            [CompletionResult]::new('artifacts', 'artifacts', [CompletionResultType]::ParameterValue, 'Files and artifacts of the session')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;progressive;tasks' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--new', '--new', [CompletionResultType]::ParameterName, 'Start a new session even if one is open')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;progressive;step' {
            [CompletionResult]::new('--llm-result', '--llm-result', [CompletionResultType]::ParameterName, 'The agent''s judgment (JSON file, `-` for stdin) to fold into the score')
            [CompletionResult]::new('--content', '--content', [CompletionResultType]::ParameterName, 'Check this file''s text instead of the manuscript (nothing is written)')
            [CompletionResult]::new('--corpus-model-id', '--corpus-model-id', [CompletionResultType]::ParameterName, 'Compare with this stored baseline (`noveler baseline build DIR`) instead (implies --ml)')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Run the step but keep nothing (no session, attempt, step files or artifacts)')
            [CompletionResult]::new('--ml', '--ml', [CompletionResultType]::ParameterName, 'Compare with a corpus baseline (statistics, not a model): this text''s metrics as percentiles of the author''s earlier episodes, in metadata.ml_enhancements (json)')
            [CompletionResult]::new('--dynamic-thresholds', '--dynamic-thresholds', [CompletionResultType]::ParameterName, 'Check with thresholds learned from the baseline, clamped to sane bounds (implies --ml)')
            [CompletionResult]::new('--dynamic-severity', '--dynamic-severity', [CompletionResultType]::ParameterName, 'Adjust severities by position and frequency against the baseline (implies --ml)')
            [CompletionResult]::new('--optimize-weights', '--optimize-weights', [CompletionResultType]::ParameterName, 'Weight rule penalties by the recorded accept/reject feedback (implies --ml)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;progressive;repeat' {
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'count')
            [CompletionResult]::new('--min-improvement', '--min-improvement', [CompletionResultType]::ParameterName, 'Stop when the score improves by less than this')
            [CompletionResult]::new('--time-budget', '--time-budget', [CompletionResultType]::ParameterName, 'Stop after this many seconds (QC-007)')
            [CompletionResult]::new('--llm-result', '--llm-result', [CompletionResultType]::ParameterName, 'The agent''s judgment for the first attempt')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--until-pass', '--until-pass', [CompletionResultType]::ParameterName, 'Stop once the step passes')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;progressive;status' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;progressive;history' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'limit')
            [CompletionResult]::new('--cursor', '--cursor', [CompletionResultType]::ParameterName, 'cursor')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;progressive;end' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;progressive;artifacts' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Session id (default: the episode''s latest open session)')
            [CompletionResult]::new('--window-size', '--window-size', [CompletionResultType]::ParameterName, 'Moving-average window over narration sentence lengths (default 5)')
            [CompletionResult]::new('--rule-profile', '--rule-profile', [CompletionResultType]::ParameterName, 'Rule profile (narou)')
            [CompletionResult]::new('--target-min', '--target-min', [CompletionResultType]::ParameterName, 'Override the target length minimum (with --target-max)')
            [CompletionResult]::new('--target-max', '--target-max', [CompletionResultType]::ParameterName, 'Override the target length maximum (with --target-min)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--include-dialogue', '--include-dialogue', [CompletionResultType]::ParameterName, 'Count dialogue lines in the sentence-length (rhythm) figures too')
            [CompletionResult]::new('--accept-unjudged', '--accept-unjudged', [CompletionResultType]::ParameterName, 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;progressive;help' {
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'List the 12 steps and start (or resume) the episode''s session')
            [CompletionResult]::new('step', 'step', [CompletionResultType]::ParameterValue, 'Run step N: findings and metrics now, plus the prompt for the judgment part')
            [CompletionResult]::new('repeat', 'repeat', [CompletionResultType]::ParameterValue, 'Run step N up to COUNT times, stopping on pass / too little improvement')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Progress of the session')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past attempts, newest first')
            [CompletionResult]::new('end', 'end', [CompletionResultType]::ParameterValue, 'Close the session')
            [CompletionResult]::new('artifacts', 'artifacts', [CompletionResultType]::ParameterValue, 'Files and artifacts of the session')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;progressive;help;tasks' {
            break
        }
        'noveler;progressive;help;step' {
            break
        }
        'noveler;progressive;help;repeat' {
            break
        }
        'noveler;progressive;help;status' {
            break
        }
        'noveler;progressive;help;history' {
            break
        }
        'noveler;progressive;help;end' {
            break
        }
        'noveler;progressive;help;artifacts' {
            break
        }
        'noveler;progressive;help;help' {
            break
        }
        'noveler;evaluate' {
            [CompletionResult]::new('--llm-result', '--llm-result', [CompletionResultType]::ParameterName, 'The agent''s judgment (JSON file, `-` for stdin)')
            [CompletionResult]::new('--style', '--style', [CompletionResultType]::ParameterName, 'preview: short or detailed')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;polish' {
            [CompletionResult]::new('--level', '--level', [CompletionResultType]::ParameterName, 'Highest fix level applied (default: the project''s fix.level, else safe)')
            [CompletionResult]::new('--codes', '--codes', [CompletionResultType]::ParameterName, 'Only fixes of these rule codes (comma-separated)')
            [CompletionResult]::new('--issue-ids', '--issue-ids', [CompletionResultType]::ParameterName, 'Only the fixes of these finding ids (comma-separated, from a check)')
            [CompletionResult]::new('--expected-sha256', '--expected-sha256', [CompletionResultType]::ParameterName, 'Refuse (QC-018) unless the file still has this sha256')
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'Print the prompt of revision stage 2 (content) or 3 (reader experience) instead')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'Fix and re-check until the overall score reaches SCORE, no pass improves it, or --max-iterations (one episode; written once, with one backup, only with --apply)')
            [CompletionResult]::new('--max-iterations', '--max-iterations', [CompletionResultType]::ParameterName, 'Most fix-and-check passes of --until (1-10)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every manuscript of the project')
            [CompletionResult]::new('--diff', '--diff', [CompletionResultType]::ParameterName, 'Show the unified diff only (default)')
            [CompletionResult]::new('--apply', '--apply', [CompletionResultType]::ParameterName, 'Write the fixes (the original is backed up first)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('submit', 'submit', [CompletionResultType]::ParameterValue, 'Apply an agent''s stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;polish;submit' {
            [CompletionResult]::new('--stage', '--stage', [CompletionResultType]::ParameterName, 'stage')
            [CompletionResult]::new('--result', '--result', [CompletionResultType]::ParameterName, 'The agent''s result (JSON file, `-` for stdin)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--diff', '--diff', [CompletionResultType]::ParameterName, 'Show the diff only; write nothing')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;polish;help' {
            [CompletionResult]::new('submit', 'submit', [CompletionResultType]::ParameterValue, 'Apply an agent''s stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;polish;help;submit' {
            break
        }
        'noveler;polish;help;help' {
            break
        }
        'noveler;baseline' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Gather the statistics of every .md/.txt text under DIR and store them (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the stored corpus baselines')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a stored corpus baseline: each metric''s distribution')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;baseline;build' {
            [CompletionResult]::new('--genre', '--genre', [CompletionResultType]::ParameterName, 'The texts'' genre, e.g. ファンタジー (default: the project''s ジャンル.メイン for a folder under its manuscripts, else none); compared with the checked project''s')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;baseline;list' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;baseline;show' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;baseline;help' {
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Gather the statistics of every .md/.txt text under DIR and store them (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the stored corpus baselines')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a stored corpus baseline: each metric''s distribution')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;baseline;help;build' {
            break
        }
        'noveler;baseline;help;list' {
            break
        }
        'noveler;baseline;help;show' {
            break
        }
        'noveler;baseline;help;help' {
            break
        }
        'noveler;feedback' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('record', 'record', [CompletionResultType]::ParameterValue, 'Record which findings of an episode the author accepted or rejected (ids from a check)')
            [CompletionResult]::new('summary', 'summary', [CompletionResultType]::ParameterValue, 'Rule weights and config suggestions from every record so far')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;feedback;record' {
            [CompletionResult]::new('--accept', '--accept', [CompletionResultType]::ParameterName, 'Finding ids the author accepted (comma-separated; ID:CODE to name the rule)')
            [CompletionResult]::new('--reject', '--reject', [CompletionResultType]::ParameterName, 'Finding ids the author rejected (comma-separated; ID:CODE to name the rule)')
            [CompletionResult]::new('--before', '--before', [CompletionResultType]::ParameterName, 'Overall score before the revision')
            [CompletionResult]::new('--after', '--after', [CompletionResultType]::ParameterName, 'Overall score after the revision')
            [CompletionResult]::new('--note', '--note', [CompletionResultType]::ParameterName, 'A note kept with the record')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;feedback;summary' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;feedback;help' {
            [CompletionResult]::new('record', 'record', [CompletionResultType]::ParameterValue, 'Record which findings of an episode the author accepted or rejected (ids from a check)')
            [CompletionResult]::new('summary', 'summary', [CompletionResultType]::ParameterValue, 'Rule weights and config suggestions from every record so far')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;feedback;help;record' {
            break
        }
        'noveler;feedback;help;summary' {
            break
        }
        'noveler;feedback;help;help' {
            break
        }
        'noveler;mcp' {
            [CompletionResult]::new('--tools', '--tools', [CompletionResultType]::ParameterName, 'Which tools to offer: `default` (one tool per job, compact replies) or `seed` (every tool under the seeds'' names, full typed output schemas)')
            [CompletionResult]::new('--allow-root', '--allow-root', [CompletionResultType]::ParameterName, 'Another directory tool calls may read and write (repeatable); the project root and the roots the client declares (MCP roots) are always allowed')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('install-command', 'install-command', [CompletionResultType]::ParameterValue, 'Install the Claude Code slash command /noveler (write, check, plot, status, init) into the project''s .claude/commands/noveler.md, or with --user into ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a different one is first backed up beside it (noveler.md.<time>.bak)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;mcp;install-command' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'format')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'Install for the user ($HOME/.claude/commands/noveler.md) instead of the project')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'noveler;mcp;help' {
            [CompletionResult]::new('install-command', 'install-command', [CompletionResultType]::ParameterValue, 'Install the Claude Code slash command /noveler (write, check, plot, status, init) into the project''s .claude/commands/noveler.md, or with --user into ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a different one is first backed up beside it (noveler.md.<time>.bak)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;mcp;help;install-command' {
            break
        }
        'noveler;mcp;help;help' {
            break
        }
        'noveler;lsp' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)')
            [CompletionResult]::new('--stdio', '--stdio', [CompletionResultType]::ParameterName, 'Speak over stdin/stdout (the only transport; accepted because editors pass it)')
            [CompletionResult]::new('--no-save', '--no-save', [CompletionResultType]::ParameterName, 'Do not save the result envelope under temp/json_output/')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print less: only findings, errors and the pass/fail line')
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
            [CompletionResult]::new('artifact', 'artifact', [CompletionResultType]::ParameterValue, 'Content-addressed artifacts: store, fetch, list, delete, gc')
            [CompletionResult]::new('backup', 'backup', [CompletionResultType]::ParameterValue, 'Snapshots of manuscripts and artifacts: create, list, restore')
            [CompletionResult]::new('files', 'files', [CompletionResultType]::ParameterValue, 'Saved results and the hash index: info, list, get, changes, clean')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check that a JSON document is a well-formed result envelope')
            [CompletionResult]::new('write', 'write', [CompletionResultType]::ParameterValue, 'Write an episode in ten stages with an agent: prompts out, validated results in')
            [CompletionResult]::new('plot', 'plot', [CompletionResultType]::ParameterValue, 'The episode plot for an agent: prompt, then submit the plot YAML')
            [CompletionResult]::new('todo', 'todo', [CompletionResultType]::ParameterValue, 'Tasks for the author''s agent: .todo/task.md (add, update, delete, move, list, search)')
            [CompletionResult]::new('adr', 'adr', [CompletionResultType]::ParameterValue, 'Decision records (ADR) under .todo/adr/ (new, status, list)')
            [CompletionResult]::new('context', 'context', [CompletionResultType]::ParameterValue, 'Per-task context files .todo/context/TNNN.md (set, append, show, search)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Where the project stands: episodes, quality, progress (and an HTML report)')
            [CompletionResult]::new('complete', 'complete', [CompletionResultType]::ParameterValue, 'Finish an episode: quality gate, 話数管理 update and the publish-ready text')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create a new novel project (folders, settings, first plot, .novelerrc.yaml)')
            [CompletionResult]::new('progressive', 'progressive', [CompletionResultType]::ParameterValue, 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end')
            [CompletionResult]::new('evaluate', 'evaluate', [CompletionResultType]::ParameterValue, 'Judged evaluations for an agent: 68 story elements, structure, expression, preview')
            [CompletionResult]::new('polish', 'polish', [CompletionResultType]::ParameterValue, 'Apply the rules'' automatic fixes (diff or --apply with a backup), or revision stages 2/3')
            [CompletionResult]::new('baseline', 'baseline', [CompletionResultType]::ParameterValue, 'Corpus baselines (statistics of a folder of texts) for `check --corpus-model-id`: build DIR, list, show ID. Not `check --baseline` (accepted findings)')
            [CompletionResult]::new('feedback', 'feedback', [CompletionResultType]::ParameterValue, 'Record accept/reject feedback on findings (weights and config suggestions): record, summary')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)')
            [CompletionResult]::new('lsp', 'lsp', [CompletionResultType]::ParameterValue, 'Serve findings, fixes and rule docs to an editor as you type (Language Server Protocol over stdio; see the README for Neovim, VS Code, Helix, Emacs and Zed)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'noveler;help;check' {
            [CompletionResult]::new('progressive', 'progressive', [CompletionResultType]::ParameterValue, 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end')
            break
        }
        'noveler;help;check;progressive' {
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'List the 12 steps and start (or resume) the episode''s session')
            [CompletionResult]::new('step', 'step', [CompletionResultType]::ParameterValue, 'Run step N: findings and metrics now, plus the prompt for the judgment part')
            [CompletionResult]::new('repeat', 'repeat', [CompletionResultType]::ParameterValue, 'Run step N up to COUNT times, stopping on pass / too little improvement')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Progress of the session')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past attempts, newest first')
            [CompletionResult]::new('end', 'end', [CompletionResultType]::ParameterValue, 'Close the session')
            [CompletionResult]::new('artifacts', 'artifacts', [CompletionResultType]::ParameterValue, 'Files and artifacts of the session')
            break
        }
        'noveler;help;check;progressive;tasks' {
            break
        }
        'noveler;help;check;progressive;step' {
            break
        }
        'noveler;help;check;progressive;repeat' {
            break
        }
        'noveler;help;check;progressive;status' {
            break
        }
        'noveler;help;check;progressive;history' {
            break
        }
        'noveler;help;check;progressive;end' {
            break
        }
        'noveler;help;check;progressive;artifacts' {
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
        'noveler;help;write' {
            [CompletionResult]::new('submit', 'submit', [CompletionResultType]::ParameterValue, 'Submit a stage''s output (JSON/YAML; for stage 8 also a bare manuscript .md)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Continue an interrupted (or abandoned) session from its current stage')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Sessions of an episode and the progress of one')
            [CompletionResult]::new('abandon', 'abandon', [CompletionResultType]::ParameterValue, 'Stop a session, freeing the episode for a new one')
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)')
            [CompletionResult]::new('recover', 'recover', [CompletionResultType]::ParameterValue, 'Rebuild a damaged session and replay logged outputs from a step (enhanced_resume_from_partial_failure)')
            break
        }
        'noveler;help;write;submit' {
            break
        }
        'noveler;help;write;resume' {
            break
        }
        'noveler;help;write;status' {
            break
        }
        'noveler;help;write;abandon' {
            break
        }
        'noveler;help;write;tasks' {
            break
        }
        'noveler;help;write;recover' {
            break
        }
        'noveler;help;plot' {
            [CompletionResult]::new('submit', 'submit', [CompletionResultType]::ParameterValue, 'Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml')
            break
        }
        'noveler;help;plot;submit' {
            break
        }
        'noveler;help;todo' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a task at the end of its category in .todo/task.md (and create its context file)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a task''s title, status, category or subtasks')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a task and its context file')
            [CompletionResult]::new('move', 'move', [CompletionResultType]::ParameterValue, 'Move a task: first / last in its category, or before / after another task')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tasks in priority order')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search tasks (title and content by default)')
            break
        }
        'noveler;help;todo;add' {
            break
        }
        'noveler;help;todo;update' {
            break
        }
        'noveler;help;todo;delete' {
            break
        }
        'noveler;help;todo;move' {
            break
        }
        'noveler;help;todo;list' {
            break
        }
        'noveler;help;todo;search' {
            break
        }
        'noveler;help;adr' {
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Record a decision as .todo/adr/adr-NNN-<title>.md')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Change a decision''s status (recorded in its history)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List decision records')
            break
        }
        'noveler;help;adr;new' {
            break
        }
        'noveler;help;adr;status' {
            break
        }
        'noveler;help;adr;list' {
            break
        }
        'noveler;help;context' {
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Replace a task''s context (or one `##` section of it)')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Append to a task''s context (at the end, or to one `##` section)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a task''s context')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Search all context files')
            break
        }
        'noveler;help;context;set' {
            break
        }
        'noveler;help;context;append' {
            break
        }
        'noveler;help;context;show' {
            break
        }
        'noveler;help;context;search' {
            break
        }
        'noveler;help;status' {
            break
        }
        'noveler;help;complete' {
            break
        }
        'noveler;help;init' {
            break
        }
        'noveler;help;progressive' {
            [CompletionResult]::new('tasks', 'tasks', [CompletionResultType]::ParameterValue, 'List the 12 steps and start (or resume) the episode''s session')
            [CompletionResult]::new('step', 'step', [CompletionResultType]::ParameterValue, 'Run step N: findings and metrics now, plus the prompt for the judgment part')
            [CompletionResult]::new('repeat', 'repeat', [CompletionResultType]::ParameterValue, 'Run step N up to COUNT times, stopping on pass / too little improvement')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Progress of the session')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past attempts, newest first')
            [CompletionResult]::new('end', 'end', [CompletionResultType]::ParameterValue, 'Close the session')
            [CompletionResult]::new('artifacts', 'artifacts', [CompletionResultType]::ParameterValue, 'Files and artifacts of the session')
            break
        }
        'noveler;help;progressive;tasks' {
            break
        }
        'noveler;help;progressive;step' {
            break
        }
        'noveler;help;progressive;repeat' {
            break
        }
        'noveler;help;progressive;status' {
            break
        }
        'noveler;help;progressive;history' {
            break
        }
        'noveler;help;progressive;end' {
            break
        }
        'noveler;help;progressive;artifacts' {
            break
        }
        'noveler;help;evaluate' {
            break
        }
        'noveler;help;polish' {
            [CompletionResult]::new('submit', 'submit', [CompletionResultType]::ParameterValue, 'Apply an agent''s stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})')
            break
        }
        'noveler;help;polish;submit' {
            break
        }
        'noveler;help;baseline' {
            [CompletionResult]::new('build', 'build', [CompletionResultType]::ParameterValue, 'Gather the statistics of every .md/.txt text under DIR and store them (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the stored corpus baselines')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a stored corpus baseline: each metric''s distribution')
            break
        }
        'noveler;help;baseline;build' {
            break
        }
        'noveler;help;baseline;list' {
            break
        }
        'noveler;help;baseline;show' {
            break
        }
        'noveler;help;feedback' {
            [CompletionResult]::new('record', 'record', [CompletionResultType]::ParameterValue, 'Record which findings of an episode the author accepted or rejected (ids from a check)')
            [CompletionResult]::new('summary', 'summary', [CompletionResultType]::ParameterValue, 'Rule weights and config suggestions from every record so far')
            break
        }
        'noveler;help;feedback;record' {
            break
        }
        'noveler;help;feedback;summary' {
            break
        }
        'noveler;help;mcp' {
            [CompletionResult]::new('install-command', 'install-command', [CompletionResultType]::ParameterValue, 'Install the Claude Code slash command /noveler (write, check, plot, status, init) into the project''s .claude/commands/noveler.md, or with --user into ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a different one is first backed up beside it (noveler.md.<time>.bak)')
            break
        }
        'noveler;help;mcp;install-command' {
            break
        }
        'noveler;help;lsp' {
            break
        }
        'noveler;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
