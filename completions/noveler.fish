# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_noveler_global_optspecs
    string join \n project-root= no-save save q/quiet h/help V/version
end

function __fish_noveler_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_noveler_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_noveler_using_subcommand
    set -l cmd (__fish_noveler_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c noveler -n "__fish_noveler_needs_command" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_needs_command" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_needs_command" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_needs_command" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_needs_command" -s V -l version -d 'Print version'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "check" -d 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "man" -d 'Print the man page (or write every page with --dir)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "explain" -d 'Show a rule\'s documentation: what it detects, why, an example and its fix'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "rules" -d 'List every rule with its code, aspect and default severity'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "artifact" -d 'Content-addressed artifacts: store, fetch, list, delete, gc'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "backup" -d 'Snapshots of manuscripts and artifacts: create, list, restore'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "files" -d 'Saved results and the hash index: info, list, get, changes, clean'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "convert" -d 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "validate" -d 'Check that a JSON document is a well-formed result envelope'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "write" -d 'Write an episode in ten stages with an agent: prompts out, validated results in'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "plot" -d 'The episode plot for an agent: prompt, then submit the plot YAML'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "todo" -d 'Tasks for the author\'s agent: .todo/task.md (add, update, delete, move, list, search)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "adr" -d 'Decision records (ADR) under .todo/adr/ (new, status, list)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "context" -d 'Per-task context files .todo/context/TNNN.md (set, append, show, search)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "status" -d 'Where the project stands: episodes, quality, progress (and an HTML report)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "complete" -d 'Finish an episode: quality gate, 話数管理 update and the publish-ready text'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "init" -d 'Create a new novel project (folders, settings, first plot, .novelerrc.yaml)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "progressive" -d 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "evaluate" -d 'Judged evaluations for an agent: 68 story elements, structure, expression, preview'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "polish" -d 'Apply the rules\' automatic fixes (diff or --apply with a backup), or revision stages 2/3'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "baseline" -d 'Corpus baselines (statistics of a folder of texts) for `check --corpus-model-id`: build DIR, list, show ID. Not `check --baseline` (accepted findings)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "feedback" -d 'Record accept/reject feedback on findings (weights and config suggestions): record, summary'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "mcp" -d 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "lsp" -d 'Serve findings, fixes and rule docs to an editor as you type (Language Server Protocol over stdio; see the README for Neovim, VS Code, Helix, Emacs and Zed)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l format -d 'Output format: text (snippets), json (the result envelope), ndjson (one finding per line + summary), sarif (2.1.0), github (Actions annotations), concise (one line per finding: path:line:col: CODE message)' -r -f -a "text\t''
json\t''
ndjson\t''
sarif\t''
github\t''
concise\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l aspects -d 'Only check these aspects (comma-separated)' -r -f -a "rhythm\t''
readability\t''
grammar\t''
style\t''
length\t''
content\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l severity-threshold -d 'Report only findings of this severity or above' -r -f -a "low\t''
medium\t''
high\t''
critical\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l fail-on -d 'Exit 1 when a finding of this severity or above is reported' -r -f -a "low\t''
medium\t''
high\t''
critical\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l fail-under -d 'Exit 1 when a file\'s overall score is below this (0-100)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l select -d 'Run only these rules this time (comma-separated or repeated; overrides the config)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l ignore -d 'Do not run these rules this time (comma-separated or repeated)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l color -d 'Colour the text output' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l config -d 'Tool config to use instead of .novelerrc.yaml' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l preset -d 'Rule preset: narou (web novels) or literary (the default for Aozora Bunko files)' -r -f -a "narou\t''
literary\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l exclude-dialogue-lines -d 'Rhythm metrics and rules over narration only (true) or all sentences (false)' -r -f -a "true\t''
false\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l stdin-filename -d 'File name to report stdin (-) as; also decides ignores. Stdin is checked as a snippet unless this names an episode file (第NNN話…) or a file in the manuscript directory' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l baseline -d 'Hide findings recorded in this baseline file (default .noveler-baseline.json at the project root, to commit)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l write-baseline -d 'Record every current finding in a baseline file (default .noveler-baseline.json at the project root, to commit)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l corpus-model-id -d 'Compare with this stored baseline (`noveler baseline build DIR`) instead (implies --ml)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l basic -d 'The basic check (MCP check_basic): every aspect but rhythm'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l exit-zero -d 'Exit 0 even when the gate trips (errors still exit 2)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l show-settings -d 'Print the settings the check would run with (configs read, preset, target length, thresholds, every rule on or off with its severity) and check nothing'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l statistics -d 'Print a table of finding counts per rule code instead of the findings (text format)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l no-progress -d 'Never show a progress bar'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l no-cache -d 'Do not read or write the content-hash cache (.noveler/cache/)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l snippet -d 'Check the text as a snippet, not a whole episode: skip the rules about an episode as a whole (length, dialogue ratio, kanji ratio, window…)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l ml -d 'Compare with a corpus baseline (statistics, not a model): this text\'s metrics as percentiles of the author\'s earlier episodes, in metadata.ml_enhancements (json)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l dynamic-thresholds -d 'Check with thresholds learned from the baseline, clamped to sane bounds (implies --ml)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l dynamic-severity -d 'Adjust severities by position and frequency against the baseline (implies --ml)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l optimize-weights -d 'Weight rule penalties by the recorded accept/reject feedback (implies --ml)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -a "progressive" -d 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
complete -c noveler -n "__fish_noveler_using_subcommand check; and not __fish_seen_subcommand_from progressive help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l session -d 'Session id (default: the episode\'s latest open session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l window-size -d 'Moving-average window over narration sentence lengths (default 5)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l rule-profile -d 'Rule profile (narou)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l target-min -d 'Override the target length minimum (with --target-max)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l target-max -d 'Override the target length maximum (with --target-min)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l include-dialogue -d 'Count dialogue lines in the sentence-length (rhythm) figures too'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l accept-unjudged -d 'Step 12: approve although earlier steps\' judgments are pending (recorded as such)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -a "tasks" -d 'List the 12 steps and start (or resume) the episode\'s session'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -a "step" -d 'Run step N: findings and metrics now, plus the prompt for the judgment part'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -a "repeat" -d 'Run step N up to COUNT times, stopping on pass / too little improvement'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -a "status" -d 'Progress of the session'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -a "history" -d 'Past attempts, newest first'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -a "end" -d 'Close the session'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -a "artifacts" -d 'Files and artifacts of the session'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from progressive" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from help" -f -a "progressive" -d 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
complete -c noveler -n "__fish_noveler_using_subcommand check; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand completions" -l dir -d 'Directory to write completions/ and man/ into (with --write-all; default: .)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand completions" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand completions" -l write-all -d 'Write every completion script to completions/ and every man page to man/'
complete -c noveler -n "__fish_noveler_using_subcommand completions" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand completions" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand completions" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand completions" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand man" -l dir -d 'Write every page into DIR instead of printing one' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand man" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand man" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand man" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand man" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand man" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand explain" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand explain" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand explain" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand explain" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand explain" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand rules" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand rules" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand rules" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand rules" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand rules" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand rules" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -f -a "store" -d 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -f -a "fetch" -d 'Print an artifact\'s content, or one section of it'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -f -a "list" -d 'List stored artifacts (corrupt files are reported and skipped)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -f -a "delete" -d 'Delete an artifact (its file is backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -f -a "gc" -d 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -l type -d 'Content type (default: from the file extension, else text)' -r -f -a "text\t''
markdown\t''
json\t''
yaml\t''"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -l description -d 'Human-readable description' -r
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -l tag -d 'Tag KEY=VALUE (repeatable); keep=true protects from gc' -r
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l section -d 'JSON/YAML key path (a.b.0) or Markdown heading text' -r
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l format -r -f -a "raw\t'The content (or section), byte for byte'
json\t'The result envelope with content and metadata'"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l format-type -d 'Convert the content: text (as stored), json or yaml (JSON/YAML artifacts)' -r -f -a "text\t''
json\t''
yaml\t''"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -l tag -d 'Only artifacts with this tag KEY=VALUE (repeatable: all must match)' -r
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l older-than -d 'Keep unreferenced artifacts younger than this age' -r
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l dry-run -d 'Only show what would be removed'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "store" -d 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "fetch" -d 'Print an artifact\'s content, or one section of it'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "list" -d 'List stored artifacts (corrupt files are reported and skipped)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete an artifact (its file is backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "gc" -d 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -f -a "create" -d 'Snapshot manuscripts (and artifacts) under .noveler/backups/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -f -a "list" -d 'List backups, newest first'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -f -a "restore" -d 'Restore a backup (hashes verified first; overwritten files are backed up)'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -l reason -d 'Why (kept in the manifest)' -r
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -l all -d 'Every manuscript and every artifact'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -l dry-run -d 'Only show what would be written'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "create" -d 'Snapshot manuscripts (and artifacts) under .noveler/backups/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "list" -d 'List backups, newest first'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "restore" -d 'Restore a backup (hashes verified first; overwritten files are backed up)'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -f -a "info" -d 'Show a file\'s reference (path, sha256, size, type) and what the hash index knows of it'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -f -a "list" -d 'List the files recorded in the hash index with their hashes'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -f -a "get" -d 'Print a recorded file by its sha256 (content re-verified; `text` prints it raw)'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -f -a "changes" -d 'Compare files with the state the hash index last recorded for them'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -f -a "clean" -d 'Remove saved results older than a given age and update the index'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from info" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from info" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from info" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from info" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from info" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from info" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l prefix -d 'Only paths starting with this prefix' -r
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l role -d 'Only entries with this role (envelope, manuscript, stdout …)' -r
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l older-than -d 'Age, e.g. 30d, 12h, 90m' -r
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l dry-run -d 'Only show what would be removed'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from help" -f -a "info" -d 'Show a file\'s reference (path, sha256, size, type) and what the hash index knows of it'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the files recorded in the hash index with their hashes'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from help" -f -a "get" -d 'Print a recorded file by its sha256 (content re-verified; `text` prints it raw)'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from help" -f -a "changes" -d 'Compare files with the state the hash index last recorded for them'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from help" -f -a "clean" -d 'Remove saved results older than a given age and update the index'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand convert" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand convert" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand convert" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand convert" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand convert" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand convert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand validate" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand validate" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand validate" -l verify-files -d 'Also compare every FileRef with the file on disk'
complete -c noveler -n "__fish_noveler_using_subcommand validate" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand validate" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand validate" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l step -d 'Show this step (1-10) instead of the current one' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l stage -d 'Show this stage, by name (plot_data_preparation ... finalize_manuscript) or number' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l session -d 'Session to continue (default: the episode\'s session in progress)' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l plot-file -d 'Use this plot instead of the episode\'s plot file (new sessions)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l word-count-target -d 'Target length in characters (default: middle of the project\'s target range)' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l new -d 'Start a new session (refused while another one is in progress)'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l draft -d 'Go straight to the manuscript (stage 8), recording the open design stages as skipped'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l dry-run -d 'Render only: write nothing (no session, artifacts, logs or result file)'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -a "submit" -d 'Submit a stage\'s output (JSON/YAML; for stage 8 also a bare manuscript .md)'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -a "resume" -d 'Continue an interrupted (or abandoned) session from its current stage'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -a "status" -d 'Sessions of an episode and the progress of one'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -a "abandon" -d 'Stop a session, freeing the episode for a new one'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -a "tasks" -d 'The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -a "recover" -d 'Rebuild a damaged session and replay logged outputs from a step (enhanced_resume_from_partial_failure)'
complete -c noveler -n "__fish_noveler_using_subcommand write; and not __fish_seen_subcommand_from submit resume status abandon tasks recover help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l session -d 'Session (default: the episode\'s session in progress)' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l stage -d 'Stage number or name (default: the session\'s current stage)' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l file -d 'File holding the output, or `-` for stdin' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l feedback -d 'The author\'s feedback on this stage (e.g. approved)' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l waive -d 'Stages 8-10: a criterion of the plan to waive (target_length, must_include:N, must_avoid:N; repeatable). Stage 10 does not end the session while one is unmet and not waived' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l dry-run -d 'Validate only: write nothing'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from submit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from resume" -l session -d 'The session to resume (default: the episode\'s only session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from resume" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from resume" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from resume" -l dry-run
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from resume" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from resume" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from resume" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from resume" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from status" -l session -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from status" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from status" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from status" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from status" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from abandon" -l session -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from abandon" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from abandon" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from abandon" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from abandon" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from abandon" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from abandon" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from tasks" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from tasks" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from tasks" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from tasks" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from tasks" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from tasks" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from recover" -l from -d 'First step to replay (0 = from the start)' -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from recover" -l session -r
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from recover" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from recover" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from recover" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from recover" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from recover" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from recover" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from help" -f -a "submit" -d 'Submit a stage\'s output (JSON/YAML; for stage 8 also a bare manuscript .md)'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from help" -f -a "resume" -d 'Continue an interrupted (or abandoned) session from its current stage'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from help" -f -a "status" -d 'Sessions of an episode and the progress of one'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from help" -f -a "abandon" -d 'Stop a session, freeing the episode for a new one'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from help" -f -a "tasks" -d 'The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from help" -f -a "recover" -d 'Rebuild a damaged session and replay logged outputs from a step (enhanced_resume_from_partial_failure)'
complete -c noveler -n "__fish_noveler_using_subcommand write; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -l regenerate -d 'Prompt for a new plot even though one exists'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -l dry-run -d 'Render only: write nothing'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -a "submit" -d 'Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and not __fish_seen_subcommand_from submit help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from submit" -l file -d 'File holding the plot, or `-` for stdin' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from submit" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from submit" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from submit" -l regenerate -d 'Replace the existing plot (it is backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from submit" -l dry-run -d 'Validate only: write nothing'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from submit" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from submit" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from submit" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from submit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from help" -f -a "submit" -d 'Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml'
complete -c noveler -n "__fish_noveler_using_subcommand plot; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -f -a "add" -d 'Add a task at the end of its category in .todo/task.md (and create its context file)'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -f -a "update" -d 'Change a task\'s title, status, category or subtasks'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -f -a "delete" -d 'Delete a task and its context file'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -f -a "move" -d 'Move a task: first / last in its category, or before / after another task'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -f -a "list" -d 'List tasks in priority order'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -f -a "search" -d 'Search tasks (title and content by default)'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and not __fish_seen_subcommand_from add update delete move list search help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from add" -s c -l category -d 'Category (a `##` section; default 未分類)' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from add" -s d -l description -d 'Details, written to the task\'s context file' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from add" -s s -l subtask -d 'A subtask (repeat for several, at most 20)' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from add" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from add" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from add" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from add" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -s t -l title -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -s s -l status -d 'todo, in_progress (or in-progress) or done' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -s c -l category -d 'Move to this category (at its end)' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -l subtask -d 'Replace all subtasks; repeat; a leading `[ ]`, `[-]` or `[x]` sets the status' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -l clear-subtasks -d 'Remove all subtasks'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from delete" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from delete" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from delete" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from delete" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from delete" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from move" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from move" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from move" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from move" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from move" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from move" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from list" -s s -l status -d 'todo, in_progress (or in-progress) or done' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from list" -s c -l category -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from list" -s l -l limit -d 'At most this many (1–100)' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from list" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from list" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from list" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from list" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from search" -l in -d 'Where to search: title, content, context (comma-separated)' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from search" -s l -l limit -d 'At most this many (1–50)' -r
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from search" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from search" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from search" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from search" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from search" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from search" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add a task at the end of its category in .todo/task.md (and create its context file)'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change a task\'s title, status, category or subtasks'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete a task and its context file'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from help" -f -a "move" -d 'Move a task: first / last in its category, or before / after another task'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from help" -f -a "list" -d 'List tasks in priority order'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from help" -f -a "search" -d 'Search tasks (title and content by default)'
complete -c noveler -n "__fish_noveler_using_subcommand todo; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and not __fish_seen_subcommand_from new status list help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand adr; and not __fish_seen_subcommand_from new status list help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and not __fish_seen_subcommand_from new status list help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and not __fish_seen_subcommand_from new status list help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and not __fish_seen_subcommand_from new status list help" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and not __fish_seen_subcommand_from new status list help" -f -a "new" -d 'Record a decision as .todo/adr/adr-NNN-<title>.md'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and not __fish_seen_subcommand_from new status list help" -f -a "status" -d 'Change a decision\'s status (recorded in its history)'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and not __fish_seen_subcommand_from new status list help" -f -a "list" -d 'List decision records'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and not __fish_seen_subcommand_from new status list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -l context -d 'Background of the decision' -r
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -l decision -d 'What was decided' -r
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -l rationale -d 'Why' -r
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -l consequences -d 'What follows from it' -r
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -l status -d 'Proposed (default), Accepted or Deprecated' -r
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from new" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from status" -s r -l reason -d 'Why the status changes' -r
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from status" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from status" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from status" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from status" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from list" -s s -l status -d 'Proposed, Accepted or Deprecated' -r
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from list" -s l -l limit -d 'At most this many (1–100)' -r
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from list" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from list" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from list" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from list" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from help" -f -a "new" -d 'Record a decision as .todo/adr/adr-NNN-<title>.md'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from help" -f -a "status" -d 'Change a decision\'s status (recorded in its history)'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from help" -f -a "list" -d 'List decision records'
complete -c noveler -n "__fish_noveler_using_subcommand adr; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -f -a "set" -d 'Replace a task\'s context (or one `##` section of it)'
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -f -a "append" -d 'Append to a task\'s context (at the end, or to one `##` section)'
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -f -a "show" -d 'Print a task\'s context'
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -f -a "search" -d 'Search all context files'
complete -c noveler -n "__fish_noveler_using_subcommand context; and not __fish_seen_subcommand_from set append show search help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from set" -s s -l section -d 'Replace only this `##` section (created when missing)' -r
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from set" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from set" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from set" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from set" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from set" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from append" -s s -l section -d 'Append to this `##` section (created when missing)' -r
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from append" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from append" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from append" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from append" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from append" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from append" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from show" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from show" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from show" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from show" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from search" -s l -l limit -d 'At most this many (1–50)' -r
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from search" -l format -d 'Output format: readable text, or the JSON envelope' -r -f -a "text\t''
json\t''"
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from search" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from search" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from search" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from search" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from search" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from help" -f -a "set" -d 'Replace a task\'s context (or one `##` section of it)'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from help" -f -a "append" -d 'Append to a task\'s context (at the end, or to one `##` section)'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from help" -f -a "show" -d 'Print a task\'s context'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from help" -f -a "search" -d 'Search all context files'
complete -c noveler -n "__fish_noveler_using_subcommand context; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand status" -l threshold -d 'List episodes scoring below this in the quality summary (0–100)' -r
complete -c noveler -n "__fish_noveler_using_subcommand status" -l recent -d 'How many recent activities to show' -r
complete -c noveler -n "__fish_noveler_using_subcommand status" -l report -d 'Also write a visual report' -r -f -a "html\t'One self-contained HTML file with charts (no script, nothing fetched)'"
complete -c noveler -n "__fish_noveler_using_subcommand status" -s o -l output -d 'Where to write the report (relative to the working directory; default: temp/status_report.html in the project)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand status" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand status" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand status" -l no-cache -d 'Analyse every manuscript again instead of using .noveler/cache/'
complete -c noveler -n "__fish_noveler_using_subcommand status" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand status" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand status" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand complete" -l site -d 'Site of the publish-ready text (default: from 掲載予定 in プロジェクト設定.yaml, else narou)' -r -f -a "narou\t'小説家になろう: ruby `｜基《よみ》`, 傍点 as ruby of `・`, blank-line runs collapsed'
kakuyomu\t'カクヨム: ruby `｜基《よみ》`, 傍点 `《《…》》`'
plain\t'Plain text: ruby and 傍点 marks removed'"
complete -c noveler -n "__fish_noveler_using_subcommand complete" -l min-score -d 'Stop when the overall score is below this (0–100)' -r
complete -c noveler -n "__fish_noveler_using_subcommand complete" -l format -d 'Output format: text, or json (the result envelope). `--output-format` is a deprecated alias; the site is `--site`' -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand complete" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand complete" -l auto-publish -d 'Prepare for posting (noveler never posts: there is no network access)'
complete -c noveler -n "__fish_noveler_using_subcommand complete" -l dry-run -d 'Run the gate and show what would be written, without writing'
complete -c noveler -n "__fish_noveler_using_subcommand complete" -l force -d 'Complete even though the gate refuses (length outside the band, score below --min-score, a criterion of the writing plan unmet); 話数管理.yaml records it as forced'
complete -c noveler -n "__fish_noveler_using_subcommand complete" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand complete" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand complete" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand complete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand init" -l title -d 'The work\'s title (プロジェクト名)' -r
complete -c noveler -n "__fish_noveler_using_subcommand init" -l genre -d 'Main genre (ジャンル.メイン), e.g. ファンタジー' -r
complete -c noveler -n "__fish_noveler_using_subcommand init" -l author -d 'Author name (作者)' -r
complete -c noveler -n "__fish_noveler_using_subcommand init" -l platform -d 'Where the work is to be posted (掲載予定; `complete` publishes in its format)' -r -f -a "narou\t'小説家になろう'
kakuyomu\t'カクヨム'
other\t'Another site, or not decided yet'"
complete -c noveler -n "__fish_noveler_using_subcommand init" -l target-length -d 'Target length per episode, in characters (default 4000, a なろう/カクヨム episode); the band around it is half of it to one and a half times it' -r
complete -c noveler -n "__fish_noveler_using_subcommand init" -l target-min -d 'Minimum length per episode, in characters (default: half the target)' -r
complete -c noveler -n "__fish_noveler_using_subcommand init" -l target-max -d 'Maximum length per episode, in characters (default: one and a half times the target)' -r
complete -c noveler -n "__fish_noveler_using_subcommand init" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand init" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand init" -l force -d 'Initialise a non-empty directory: add what is missing, keep every existing file'
complete -c noveler -n "__fish_noveler_using_subcommand init" -l no-agent-files -d 'Do not write .mcp.json and the Claude Code slash command .claude/commands/noveler.md'
complete -c noveler -n "__fish_noveler_using_subcommand init" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand init" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand init" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand init" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l session -d 'Session id (default: the episode\'s latest open session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l window-size -d 'Moving-average window over narration sentence lengths (default 5)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l rule-profile -d 'Rule profile (narou)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l target-min -d 'Override the target length minimum (with --target-max)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l target-max -d 'Override the target length maximum (with --target-min)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l include-dialogue -d 'Count dialogue lines in the sentence-length (rhythm) figures too'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l accept-unjudged -d 'Step 12: approve although earlier steps\' judgments are pending (recorded as such)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -a "tasks" -d 'List the 12 steps and start (or resume) the episode\'s session'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -a "step" -d 'Run step N: findings and metrics now, plus the prompt for the judgment part'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -a "repeat" -d 'Run step N up to COUNT times, stopping on pass / too little improvement'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -a "status" -d 'Progress of the session'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -a "history" -d 'Past attempts, newest first'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -a "end" -d 'Close the session'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -a "artifacts" -d 'Files and artifacts of the session'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and not __fish_seen_subcommand_from tasks step repeat status history end artifacts help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l session -d 'Session id (default: the episode\'s latest open session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l window-size -d 'Moving-average window over narration sentence lengths (default 5)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l rule-profile -d 'Rule profile (narou)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l target-min -d 'Override the target length minimum (with --target-max)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l target-max -d 'Override the target length maximum (with --target-min)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l new -d 'Start a new session even if one is open'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l include-dialogue -d 'Count dialogue lines in the sentence-length (rhythm) figures too'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l accept-unjudged -d 'Step 12: approve although earlier steps\' judgments are pending (recorded as such)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from tasks" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l llm-result -d 'The agent\'s judgment (JSON file, `-` for stdin) to fold into the score' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l content -d 'Check this file\'s text instead of the manuscript (nothing is written)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l corpus-model-id -d 'Compare with this stored baseline (`noveler baseline build DIR`) instead (implies --ml)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l session -d 'Session id (default: the episode\'s latest open session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l window-size -d 'Moving-average window over narration sentence lengths (default 5)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l rule-profile -d 'Rule profile (narou)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l target-min -d 'Override the target length minimum (with --target-max)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l target-max -d 'Override the target length maximum (with --target-min)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l dry-run -d 'Run the step but keep nothing (no session, attempt, step files or artifacts)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l ml -d 'Compare with a corpus baseline (statistics, not a model): this text\'s metrics as percentiles of the author\'s earlier episodes, in metadata.ml_enhancements (json)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l dynamic-thresholds -d 'Check with thresholds learned from the baseline, clamped to sane bounds (implies --ml)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l dynamic-severity -d 'Adjust severities by position and frequency against the baseline (implies --ml)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l optimize-weights -d 'Weight rule penalties by the recorded accept/reject feedback (implies --ml)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l include-dialogue -d 'Count dialogue lines in the sentence-length (rhythm) figures too'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l accept-unjudged -d 'Step 12: approve although earlier steps\' judgments are pending (recorded as such)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from step" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l count -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l min-improvement -d 'Stop when the score improves by less than this' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l time-budget -d 'Stop after this many seconds (QC-007)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l llm-result -d 'The agent\'s judgment for the first attempt' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l session -d 'Session id (default: the episode\'s latest open session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l window-size -d 'Moving-average window over narration sentence lengths (default 5)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l rule-profile -d 'Rule profile (narou)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l target-min -d 'Override the target length minimum (with --target-max)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l target-max -d 'Override the target length maximum (with --target-min)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l until-pass -d 'Stop once the step passes'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l include-dialogue -d 'Count dialogue lines in the sentence-length (rhythm) figures too'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l accept-unjudged -d 'Step 12: approve although earlier steps\' judgments are pending (recorded as such)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from repeat" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l session -d 'Session id (default: the episode\'s latest open session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l window-size -d 'Moving-average window over narration sentence lengths (default 5)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l rule-profile -d 'Rule profile (narou)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l target-min -d 'Override the target length minimum (with --target-max)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l target-max -d 'Override the target length maximum (with --target-min)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l include-dialogue -d 'Count dialogue lines in the sentence-length (rhythm) figures too'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l accept-unjudged -d 'Step 12: approve although earlier steps\' judgments are pending (recorded as such)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l limit -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l cursor -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l session -d 'Session id (default: the episode\'s latest open session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l window-size -d 'Moving-average window over narration sentence lengths (default 5)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l rule-profile -d 'Rule profile (narou)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l target-min -d 'Override the target length minimum (with --target-max)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l target-max -d 'Override the target length maximum (with --target-min)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l include-dialogue -d 'Count dialogue lines in the sentence-length (rhythm) figures too'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l accept-unjudged -d 'Step 12: approve although earlier steps\' judgments are pending (recorded as such)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from history" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l session -d 'Session id (default: the episode\'s latest open session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l window-size -d 'Moving-average window over narration sentence lengths (default 5)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l rule-profile -d 'Rule profile (narou)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l target-min -d 'Override the target length minimum (with --target-max)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l target-max -d 'Override the target length maximum (with --target-min)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l include-dialogue -d 'Count dialogue lines in the sentence-length (rhythm) figures too'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l accept-unjudged -d 'Step 12: approve although earlier steps\' judgments are pending (recorded as such)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from end" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l session -d 'Session id (default: the episode\'s latest open session)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l window-size -d 'Moving-average window over narration sentence lengths (default 5)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l rule-profile -d 'Rule profile (narou)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l target-min -d 'Override the target length minimum (with --target-max)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l target-max -d 'Override the target length maximum (with --target-min)' -r
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l include-dialogue -d 'Count dialogue lines in the sentence-length (rhythm) figures too'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l accept-unjudged -d 'Step 12: approve although earlier steps\' judgments are pending (recorded as such)'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from artifacts" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from help" -f -a "tasks" -d 'List the 12 steps and start (or resume) the episode\'s session'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from help" -f -a "step" -d 'Run step N: findings and metrics now, plus the prompt for the judgment part'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from help" -f -a "repeat" -d 'Run step N up to COUNT times, stopping on pass / too little improvement'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from help" -f -a "status" -d 'Progress of the session'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from help" -f -a "history" -d 'Past attempts, newest first'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from help" -f -a "end" -d 'Close the session'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from help" -f -a "artifacts" -d 'Files and artifacts of the session'
complete -c noveler -n "__fish_noveler_using_subcommand progressive; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand evaluate" -l llm-result -d 'The agent\'s judgment (JSON file, `-` for stdin)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand evaluate" -l style -d 'preview: short or detailed' -r
complete -c noveler -n "__fish_noveler_using_subcommand evaluate" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand evaluate" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand evaluate" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand evaluate" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand evaluate" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand evaluate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l level -d 'Highest fix level applied (default: the project\'s fix.level, else safe)' -r -f -a "safe\t''
standard\t''
aggressive\t''"
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l codes -d 'Only fixes of these rule codes (comma-separated)' -r
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l issue-ids -d 'Only the fixes of these finding ids (comma-separated, from a check)' -r
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l expected-sha256 -d 'Refuse (QC-018) unless the file still has this sha256' -r
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l stage -d 'Print the prompt of revision stage 2 (content) or 3 (reader experience) instead' -r
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l until -d 'Fix and re-check until the overall score reaches SCORE, no pass improves it, or --max-iterations (one episode; written once, with one backup, only with --apply)' -r
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l max-iterations -d 'Most fix-and-check passes of --until (1-10)' -r
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l all -d 'Every manuscript of the project'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l diff -d 'Show the unified diff only (default)'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l apply -d 'Write the fixes (the original is backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -a "submit" -d 'Apply an agent\'s stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and not __fish_seen_subcommand_from submit help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from submit" -l stage -r
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from submit" -l result -d 'The agent\'s result (JSON file, `-` for stdin)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from submit" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from submit" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from submit" -l diff -d 'Show the diff only; write nothing'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from submit" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from submit" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from submit" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from submit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from help" -f -a "submit" -d 'Apply an agent\'s stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})'
complete -c noveler -n "__fish_noveler_using_subcommand polish; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and not __fish_seen_subcommand_from build list show help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and not __fish_seen_subcommand_from build list show help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and not __fish_seen_subcommand_from build list show help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and not __fish_seen_subcommand_from build list show help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and not __fish_seen_subcommand_from build list show help" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and not __fish_seen_subcommand_from build list show help" -f -a "build" -d 'Gather the statistics of every .md/.txt text under DIR and store them (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and not __fish_seen_subcommand_from build list show help" -f -a "list" -d 'List the stored corpus baselines'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and not __fish_seen_subcommand_from build list show help" -f -a "show" -d 'Show a stored corpus baseline: each metric\'s distribution'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and not __fish_seen_subcommand_from build list show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from build" -l genre -d 'The texts\' genre, e.g. ファンタジー (default: the project\'s ジャンル.メイン for a folder under its manuscripts, else none); compared with the checked project\'s' -r
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from build" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from build" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from build" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from build" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from build" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from build" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from list" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from list" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from list" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from list" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from show" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from show" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from show" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from show" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from help" -f -a "build" -d 'Gather the statistics of every .md/.txt text under DIR and store them (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the stored corpus baselines'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a stored corpus baseline: each metric\'s distribution'
complete -c noveler -n "__fish_noveler_using_subcommand baseline; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and not __fish_seen_subcommand_from record summary help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and not __fish_seen_subcommand_from record summary help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and not __fish_seen_subcommand_from record summary help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and not __fish_seen_subcommand_from record summary help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and not __fish_seen_subcommand_from record summary help" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and not __fish_seen_subcommand_from record summary help" -f -a "record" -d 'Record which findings of an episode the author accepted or rejected (ids from a check)'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and not __fish_seen_subcommand_from record summary help" -f -a "summary" -d 'Rule weights and config suggestions from every record so far'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and not __fish_seen_subcommand_from record summary help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -l accept -d 'Finding ids the author accepted (comma-separated; ID:CODE to name the rule)' -r
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -l reject -d 'Finding ids the author rejected (comma-separated; ID:CODE to name the rule)' -r
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -l before -d 'Overall score before the revision' -r
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -l after -d 'Overall score after the revision' -r
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -l note -d 'A note kept with the record' -r
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from record" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from summary" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from summary" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from summary" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from summary" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from summary" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from summary" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from help" -f -a "record" -d 'Record which findings of an episode the author accepted or rejected (ids from a check)'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from help" -f -a "summary" -d 'Rule weights and config suggestions from every record so far'
complete -c noveler -n "__fish_noveler_using_subcommand feedback; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and not __fish_seen_subcommand_from install-command help" -l tools -d 'Which tools to offer: `default` (one tool per job, compact replies) or `seed` (every tool under the seeds\' names, full typed output schemas)' -r -f -a "default\t'One tool per job, compact replies (see `tools::DEFAULT`)'
seed\t'Every tool under the seeds\' names (write_step_1..10, the aliases), typed output schemas: for clients written against the original server'"
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and not __fish_seen_subcommand_from install-command help" -l allow-root -d 'Another directory tool calls may read and write (repeatable); the project root and the roots the client declares (MCP roots) are always allowed' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and not __fish_seen_subcommand_from install-command help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and not __fish_seen_subcommand_from install-command help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and not __fish_seen_subcommand_from install-command help" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and not __fish_seen_subcommand_from install-command help" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and not __fish_seen_subcommand_from install-command help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and not __fish_seen_subcommand_from install-command help" -f -a "install-command" -d 'Install the Claude Code slash command /noveler (write, check, plot, status, init) into the project\'s .claude/commands/noveler.md, or with --user into ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a different one is first backed up beside it (noveler.md.<time>.bak)'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and not __fish_seen_subcommand_from install-command help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and __fish_seen_subcommand_from install-command" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and __fish_seen_subcommand_from install-command" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and __fish_seen_subcommand_from install-command" -l user -d 'Install for the user ($HOME/.claude/commands/noveler.md) instead of the project'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and __fish_seen_subcommand_from install-command" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and __fish_seen_subcommand_from install-command" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and __fish_seen_subcommand_from install-command" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and __fish_seen_subcommand_from install-command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "install-command" -d 'Install the Claude Code slash command /noveler (write, check, plot, status, init) into the project\'s .claude/commands/noveler.md, or with --user into ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a different one is first backed up beside it (noveler.md.<time>.bak)'
complete -c noveler -n "__fish_noveler_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand lsp" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand lsp" -l stdio -d 'Speak over stdin/stdout (the only transport; accepted because editors pass it)'
complete -c noveler -n "__fish_noveler_using_subcommand lsp" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand lsp" -l save -d 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
complete -c noveler -n "__fish_noveler_using_subcommand lsp" -s q -l quiet -d 'Print less: only findings, errors and the pass/fail line'
complete -c noveler -n "__fish_noveler_using_subcommand lsp" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "check" -d 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "completions" -d 'Print a shell completion script'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "man" -d 'Print the man page (or write every page with --dir)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "explain" -d 'Show a rule\'s documentation: what it detects, why, an example and its fix'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "rules" -d 'List every rule with its code, aspect and default severity'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "artifact" -d 'Content-addressed artifacts: store, fetch, list, delete, gc'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "backup" -d 'Snapshots of manuscripts and artifacts: create, list, restore'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "files" -d 'Saved results and the hash index: info, list, get, changes, clean'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "convert" -d 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "validate" -d 'Check that a JSON document is a well-formed result envelope'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "write" -d 'Write an episode in ten stages with an agent: prompts out, validated results in'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "plot" -d 'The episode plot for an agent: prompt, then submit the plot YAML'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "todo" -d 'Tasks for the author\'s agent: .todo/task.md (add, update, delete, move, list, search)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "adr" -d 'Decision records (ADR) under .todo/adr/ (new, status, list)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "context" -d 'Per-task context files .todo/context/TNNN.md (set, append, show, search)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "status" -d 'Where the project stands: episodes, quality, progress (and an HTML report)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "complete" -d 'Finish an episode: quality gate, 話数管理 update and the publish-ready text'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "init" -d 'Create a new novel project (folders, settings, first plot, .novelerrc.yaml)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "progressive" -d 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "evaluate" -d 'Judged evaluations for an agent: 68 story elements, structure, expression, preview'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "polish" -d 'Apply the rules\' automatic fixes (diff or --apply with a backup), or revision stages 2/3'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "baseline" -d 'Corpus baselines (statistics of a folder of texts) for `check --corpus-model-id`: build DIR, list, show ID. Not `check --baseline` (accepted findings)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "feedback" -d 'Record accept/reject feedback on findings (weights and config suggestions): record, summary'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "mcp" -d 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "lsp" -d 'Serve findings, fixes and rule docs to an editor as you type (Language Server Protocol over stdio; see the README for Neovim, VS Code, Helix, Emacs and Zed)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from check" -f -a "progressive" -d 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from artifact" -f -a "store" -d 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from artifact" -f -a "fetch" -d 'Print an artifact\'s content, or one section of it'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from artifact" -f -a "list" -d 'List stored artifacts (corrupt files are reported and skipped)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from artifact" -f -a "delete" -d 'Delete an artifact (its file is backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from artifact" -f -a "gc" -d 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from backup" -f -a "create" -d 'Snapshot manuscripts (and artifacts) under .noveler/backups/'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from backup" -f -a "list" -d 'List backups, newest first'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from backup" -f -a "restore" -d 'Restore a backup (hashes verified first; overwritten files are backed up)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from files" -f -a "info" -d 'Show a file\'s reference (path, sha256, size, type) and what the hash index knows of it'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from files" -f -a "list" -d 'List the files recorded in the hash index with their hashes'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from files" -f -a "get" -d 'Print a recorded file by its sha256 (content re-verified; `text` prints it raw)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from files" -f -a "changes" -d 'Compare files with the state the hash index last recorded for them'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from files" -f -a "clean" -d 'Remove saved results older than a given age and update the index'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from write" -f -a "submit" -d 'Submit a stage\'s output (JSON/YAML; for stage 8 also a bare manuscript .md)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from write" -f -a "resume" -d 'Continue an interrupted (or abandoned) session from its current stage'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from write" -f -a "status" -d 'Sessions of an episode and the progress of one'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from write" -f -a "abandon" -d 'Stop a session, freeing the episode for a new one'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from write" -f -a "tasks" -d 'The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from write" -f -a "recover" -d 'Rebuild a damaged session and replay logged outputs from a step (enhanced_resume_from_partial_failure)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from plot" -f -a "submit" -d 'Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from todo" -f -a "add" -d 'Add a task at the end of its category in .todo/task.md (and create its context file)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from todo" -f -a "update" -d 'Change a task\'s title, status, category or subtasks'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from todo" -f -a "delete" -d 'Delete a task and its context file'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from todo" -f -a "move" -d 'Move a task: first / last in its category, or before / after another task'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from todo" -f -a "list" -d 'List tasks in priority order'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from todo" -f -a "search" -d 'Search tasks (title and content by default)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from adr" -f -a "new" -d 'Record a decision as .todo/adr/adr-NNN-<title>.md'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from adr" -f -a "status" -d 'Change a decision\'s status (recorded in its history)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from adr" -f -a "list" -d 'List decision records'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from context" -f -a "set" -d 'Replace a task\'s context (or one `##` section of it)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from context" -f -a "append" -d 'Append to a task\'s context (at the end, or to one `##` section)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from context" -f -a "show" -d 'Print a task\'s context'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from context" -f -a "search" -d 'Search all context files'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from progressive" -f -a "tasks" -d 'List the 12 steps and start (or resume) the episode\'s session'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from progressive" -f -a "step" -d 'Run step N: findings and metrics now, plus the prompt for the judgment part'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from progressive" -f -a "repeat" -d 'Run step N up to COUNT times, stopping on pass / too little improvement'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from progressive" -f -a "status" -d 'Progress of the session'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from progressive" -f -a "history" -d 'Past attempts, newest first'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from progressive" -f -a "end" -d 'Close the session'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from progressive" -f -a "artifacts" -d 'Files and artifacts of the session'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from polish" -f -a "submit" -d 'Apply an agent\'s stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from baseline" -f -a "build" -d 'Gather the statistics of every .md/.txt text under DIR and store them (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from baseline" -f -a "list" -d 'List the stored corpus baselines'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from baseline" -f -a "show" -d 'Show a stored corpus baseline: each metric\'s distribution'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from feedback" -f -a "record" -d 'Record which findings of an episode the author accepted or rejected (ids from a check)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from feedback" -f -a "summary" -d 'Rule weights and config suggestions from every record so far'
complete -c noveler -n "__fish_noveler_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "install-command" -d 'Install the Claude Code slash command /noveler (write, check, plot, status, init) into the project\'s .claude/commands/noveler.md, or with --user into ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a different one is first backed up beside it (noveler.md.<time>.bak)'
