
use builtin;
use str;

set edit:completion:arg-completer[noveler] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'noveler'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'noveler'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand check 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (or write every page with --dir)'
            cand explain 'Show a rule''s documentation: what it detects, why, an example and its fix'
            cand rules 'List every rule with its code, aspect and default severity'
            cand artifact 'Content-addressed artifacts: store, fetch, list, delete, gc'
            cand backup 'Snapshots of manuscripts and artifacts: create, list, restore'
            cand files 'Saved results and the hash index: info, list, get, changes, clean'
            cand convert 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope'
            cand validate 'Check that a JSON document is a well-formed result envelope'
            cand write 'Write an episode in ten stages with an agent: prompts out, validated results in'
            cand plot 'The episode plot for an agent: prompt, then submit the plot YAML'
            cand todo 'Tasks for the author''s agent: .todo/task.md (add, update, delete, move, list, search)'
            cand adr 'Decision records (ADR) under .todo/adr/ (new, status, list)'
            cand context 'Per-task context files .todo/context/TNNN.md (set, append, show, search)'
            cand status 'Where the project stands: episodes, quality, progress (and an HTML report)'
            cand complete 'Finish an episode: quality gate, 話数管理 update and the publish-ready text'
            cand init 'Create a new novel project (folders, settings, first plot, .novelerrc.yaml)'
            cand progressive 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
            cand evaluate 'Judged evaluations for an agent: 68 story elements, structure, expression, preview'
            cand polish 'Apply the rules'' automatic fixes (diff or --apply with a backup), or revision stages 2/3'
            cand baseline 'Corpus baselines (statistics of a folder of texts) for `check --corpus-model-id`: build DIR, list, show ID. Not `check --baseline` (accepted findings)'
            cand feedback 'Record accept/reject feedback on findings (weights and config suggestions): record, summary'
            cand mcp 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)'
            cand lsp 'Serve findings, fixes and rule docs to an editor as you type (Language Server Protocol over stdio; see the README for Neovim, VS Code, Helix, Emacs and Zed)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;check'= {
            cand --format 'Output format: text (snippets), json (the result envelope), ndjson (one finding per line + summary), sarif (2.1.0), github (Actions annotations), concise (one line per finding: path:line:col: CODE message)'
            cand --aspects 'Only check these aspects (comma-separated)'
            cand --severity-threshold 'Report only findings of this severity or above'
            cand --fail-on 'Exit 1 when a finding of this severity or above is reported'
            cand --fail-under 'Exit 1 when a file''s overall score is below this (0-100)'
            cand --select 'Run only these rules this time (comma-separated or repeated; overrides the config)'
            cand --ignore 'Do not run these rules this time (comma-separated or repeated)'
            cand --color 'Colour the text output'
            cand --config 'Tool config to use instead of .novelerrc.yaml'
            cand --preset 'Rule preset: narou (web novels) or literary (the default for Aozora Bunko files)'
            cand --exclude-dialogue-lines 'Rhythm metrics and rules over narration only (true) or all sentences (false)'
            cand --stdin-filename 'File name to report stdin (-) as; also decides ignores. Stdin is checked as a snippet unless this names an episode file (第NNN話…) or a file in the manuscript directory'
            cand --baseline 'Hide findings recorded in this baseline file (default .noveler-baseline.json at the project root, to commit)'
            cand --write-baseline 'Record every current finding in a baseline file (default .noveler-baseline.json at the project root, to commit)'
            cand --corpus-model-id 'Compare with this stored baseline (`noveler baseline build DIR`) instead (implies --ml)'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --basic 'The basic check (MCP check_basic): every aspect but rhythm'
            cand --exit-zero 'Exit 0 even when the gate trips (errors still exit 2)'
            cand --show-settings 'Print the settings the check would run with (configs read, preset, target length, thresholds, every rule on or off with its severity) and check nothing'
            cand --statistics 'Print a table of finding counts per rule code instead of the findings (text format)'
            cand --no-progress 'Never show a progress bar'
            cand --no-cache 'Do not read or write the content-hash cache (.noveler/cache/)'
            cand --snippet 'Check the text as a snippet, not a whole episode: skip the rules about an episode as a whole (length, dialogue ratio, kanji ratio, window…)'
            cand --ml 'Compare with a corpus baseline (statistics, not a model): this text''s metrics as percentiles of the author''s earlier episodes, in metadata.ml_enhancements (json)'
            cand --dynamic-thresholds 'Check with thresholds learned from the baseline, clamped to sane bounds (implies --ml)'
            cand --dynamic-severity 'Adjust severities by position and frequency against the baseline (implies --ml)'
            cand --optimize-weights 'Weight rule penalties by the recorded accept/reject feedback (implies --ml)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand progressive 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;check;progressive'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand tasks 'List the 12 steps and start (or resume) the episode''s session'
            cand step 'Run step N: findings and metrics now, plus the prompt for the judgment part'
            cand repeat 'Run step N up to COUNT times, stopping on pass / too little improvement'
            cand status 'Progress of the session'
            cand history 'Past attempts, newest first'
            cand end 'Close the session'
            cand artifacts 'Files and artifacts of the session'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;check;progressive;tasks'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --new 'Start a new session even if one is open'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;check;progressive;step'= {
            cand --llm-result 'The agent''s judgment (JSON file, `-` for stdin) to fold into the score'
            cand --content 'Check this file''s text instead of the manuscript (nothing is written)'
            cand --corpus-model-id 'Compare with this stored baseline (`noveler baseline build DIR`) instead (implies --ml)'
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'Run the step but keep nothing (no session, attempt, step files or artifacts)'
            cand --ml 'Compare with a corpus baseline (statistics, not a model): this text''s metrics as percentiles of the author''s earlier episodes, in metadata.ml_enhancements (json)'
            cand --dynamic-thresholds 'Check with thresholds learned from the baseline, clamped to sane bounds (implies --ml)'
            cand --dynamic-severity 'Adjust severities by position and frequency against the baseline (implies --ml)'
            cand --optimize-weights 'Weight rule penalties by the recorded accept/reject feedback (implies --ml)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;check;progressive;repeat'= {
            cand --count 'count'
            cand --min-improvement 'Stop when the score improves by less than this'
            cand --time-budget 'Stop after this many seconds (QC-007)'
            cand --llm-result 'The agent''s judgment for the first attempt'
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --until-pass 'Stop once the step passes'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;check;progressive;status'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;check;progressive;history'= {
            cand --limit 'limit'
            cand --cursor 'cursor'
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;check;progressive;end'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;check;progressive;artifacts'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;check;progressive;help'= {
            cand tasks 'List the 12 steps and start (or resume) the episode''s session'
            cand step 'Run step N: findings and metrics now, plus the prompt for the judgment part'
            cand repeat 'Run step N up to COUNT times, stopping on pass / too little improvement'
            cand status 'Progress of the session'
            cand history 'Past attempts, newest first'
            cand end 'Close the session'
            cand artifacts 'Files and artifacts of the session'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;check;progressive;help;tasks'= {
        }
        &'noveler;check;progressive;help;step'= {
        }
        &'noveler;check;progressive;help;repeat'= {
        }
        &'noveler;check;progressive;help;status'= {
        }
        &'noveler;check;progressive;help;history'= {
        }
        &'noveler;check;progressive;help;end'= {
        }
        &'noveler;check;progressive;help;artifacts'= {
        }
        &'noveler;check;progressive;help;help'= {
        }
        &'noveler;check;help'= {
            cand progressive 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;check;help;progressive'= {
            cand tasks 'List the 12 steps and start (or resume) the episode''s session'
            cand step 'Run step N: findings and metrics now, plus the prompt for the judgment part'
            cand repeat 'Run step N up to COUNT times, stopping on pass / too little improvement'
            cand status 'Progress of the session'
            cand history 'Past attempts, newest first'
            cand end 'Close the session'
            cand artifacts 'Files and artifacts of the session'
        }
        &'noveler;check;help;progressive;tasks'= {
        }
        &'noveler;check;help;progressive;step'= {
        }
        &'noveler;check;help;progressive;repeat'= {
        }
        &'noveler;check;help;progressive;status'= {
        }
        &'noveler;check;help;progressive;history'= {
        }
        &'noveler;check;help;progressive;end'= {
        }
        &'noveler;check;help;progressive;artifacts'= {
        }
        &'noveler;check;help;help'= {
        }
        &'noveler;completions'= {
            cand --dir 'Directory to write completions/ and man/ into (with --write-all; default: .)'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --write-all 'Write every completion script to completions/ and every man page to man/'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;man'= {
            cand --dir 'Write every page into DIR instead of printing one'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;explain'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;rules'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
            cand store 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id'
            cand fetch 'Print an artifact''s content, or one section of it'
            cand list 'List stored artifacts (corrupt files are reported and skipped)'
            cand delete 'Delete an artifact (its file is backed up first)'
            cand gc 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;artifact;store'= {
            cand --type 'Content type (default: from the file extension, else text)'
            cand --description 'Human-readable description'
            cand --tag 'Tag KEY=VALUE (repeatable); keep=true protects from gc'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact;fetch'= {
            cand --section 'JSON/YAML key path (a.b.0) or Markdown heading text'
            cand --format 'format'
            cand --format-type 'Convert the content: text (as stored), json or yaml (JSON/YAML artifacts)'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact;list'= {
            cand --tag 'Only artifacts with this tag KEY=VALUE (repeatable: all must match)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact;delete'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact;gc'= {
            cand --older-than 'Keep unreferenced artifacts younger than this age'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'Only show what would be removed'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact;help'= {
            cand store 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id'
            cand fetch 'Print an artifact''s content, or one section of it'
            cand list 'List stored artifacts (corrupt files are reported and skipped)'
            cand delete 'Delete an artifact (its file is backed up first)'
            cand gc 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;artifact;help;store'= {
        }
        &'noveler;artifact;help;fetch'= {
        }
        &'noveler;artifact;help;list'= {
        }
        &'noveler;artifact;help;delete'= {
        }
        &'noveler;artifact;help;gc'= {
        }
        &'noveler;artifact;help;help'= {
        }
        &'noveler;backup'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
            cand create 'Snapshot manuscripts (and artifacts) under .noveler/backups/'
            cand list 'List backups, newest first'
            cand restore 'Restore a backup (hashes verified first; overwritten files are backed up)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;backup;create'= {
            cand --reason 'Why (kept in the manifest)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --all 'Every manuscript and every artifact'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;backup;list'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;backup;restore'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'Only show what would be written'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;backup;help'= {
            cand create 'Snapshot manuscripts (and artifacts) under .noveler/backups/'
            cand list 'List backups, newest first'
            cand restore 'Restore a backup (hashes verified first; overwritten files are backed up)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;backup;help;create'= {
        }
        &'noveler;backup;help;list'= {
        }
        &'noveler;backup;help;restore'= {
        }
        &'noveler;backup;help;help'= {
        }
        &'noveler;files'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
            cand info 'Show a file''s reference (path, sha256, size, type) and what the hash index knows of it'
            cand list 'List the files recorded in the hash index with their hashes'
            cand get 'Print a recorded file by its sha256 (content re-verified; `text` prints it raw)'
            cand changes 'Compare files with the state the hash index last recorded for them'
            cand clean 'Remove saved results older than a given age and update the index'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;files;info'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;files;list'= {
            cand --prefix 'Only paths starting with this prefix'
            cand --role 'Only entries with this role (envelope, manuscript, stdout …)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;files;get'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;files;changes'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;files;clean'= {
            cand --older-than 'Age, e.g. 30d, 12h, 90m'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'Only show what would be removed'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;files;help'= {
            cand info 'Show a file''s reference (path, sha256, size, type) and what the hash index knows of it'
            cand list 'List the files recorded in the hash index with their hashes'
            cand get 'Print a recorded file by its sha256 (content re-verified; `text` prints it raw)'
            cand changes 'Compare files with the state the hash index last recorded for them'
            cand clean 'Remove saved results older than a given age and update the index'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;files;help;info'= {
        }
        &'noveler;files;help;list'= {
        }
        &'noveler;files;help;get'= {
        }
        &'noveler;files;help;changes'= {
        }
        &'noveler;files;help;clean'= {
        }
        &'noveler;files;help;help'= {
        }
        &'noveler;convert'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;validate'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --verify-files 'Also compare every FileRef with the file on disk'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;write'= {
            cand --step 'Show this step (1-10) instead of the current one'
            cand --stage 'Show this stage, by name (plot_data_preparation ... finalize_manuscript) or number'
            cand --session 'Session to continue (default: the episode''s session in progress)'
            cand --plot-file 'Use this plot instead of the episode''s plot file (new sessions)'
            cand --word-count-target 'Target length in characters (default: middle of the project''s target range)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --new 'Start a new session (refused while another one is in progress)'
            cand --draft 'Go straight to the manuscript (stage 8), recording the open design stages as skipped'
            cand --dry-run 'Render only: write nothing (no session, artifacts, logs or result file)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand submit 'Submit a stage''s output (JSON/YAML; for stage 8 also a bare manuscript .md)'
            cand resume 'Continue an interrupted (or abandoned) session from its current stage'
            cand status 'Sessions of an episode and the progress of one'
            cand abandon 'Stop a session, freeing the episode for a new one'
            cand tasks 'The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)'
            cand recover 'Rebuild a damaged session and replay logged outputs from a step (enhanced_resume_from_partial_failure)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;write;submit'= {
            cand --session 'Session (default: the episode''s session in progress)'
            cand --stage 'Stage number or name (default: the session''s current stage)'
            cand --file 'File holding the output, or `-` for stdin'
            cand --feedback 'The author''s feedback on this stage (e.g. approved)'
            cand --waive 'Stages 8-10: a criterion of the plan to waive (target_length, must_include:N, must_avoid:N; repeatable). Stage 10 does not end the session while one is unmet and not waived'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'Validate only: write nothing'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;write;resume'= {
            cand --session 'The session to resume (default: the episode''s only session)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'dry-run'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;write;status'= {
            cand --session 'session'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;write;abandon'= {
            cand --session 'session'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;write;tasks'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;write;recover'= {
            cand --from 'First step to replay (0 = from the start)'
            cand --session 'session'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;write;help'= {
            cand submit 'Submit a stage''s output (JSON/YAML; for stage 8 also a bare manuscript .md)'
            cand resume 'Continue an interrupted (or abandoned) session from its current stage'
            cand status 'Sessions of an episode and the progress of one'
            cand abandon 'Stop a session, freeing the episode for a new one'
            cand tasks 'The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)'
            cand recover 'Rebuild a damaged session and replay logged outputs from a step (enhanced_resume_from_partial_failure)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;write;help;submit'= {
        }
        &'noveler;write;help;resume'= {
        }
        &'noveler;write;help;status'= {
        }
        &'noveler;write;help;abandon'= {
        }
        &'noveler;write;help;tasks'= {
        }
        &'noveler;write;help;recover'= {
        }
        &'noveler;write;help;help'= {
        }
        &'noveler;plot'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --regenerate 'Prompt for a new plot even though one exists'
            cand --dry-run 'Render only: write nothing'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand submit 'Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;plot;submit'= {
            cand --file 'File holding the plot, or `-` for stdin'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --regenerate 'Replace the existing plot (it is backed up first)'
            cand --dry-run 'Validate only: write nothing'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;plot;help'= {
            cand submit 'Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;plot;help;submit'= {
        }
        &'noveler;plot;help;help'= {
        }
        &'noveler;todo'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
            cand add 'Add a task at the end of its category in .todo/task.md (and create its context file)'
            cand update 'Change a task''s title, status, category or subtasks'
            cand delete 'Delete a task and its context file'
            cand move 'Move a task: first / last in its category, or before / after another task'
            cand list 'List tasks in priority order'
            cand search 'Search tasks (title and content by default)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;todo;add'= {
            cand -c 'Category (a `##` section; default 未分類)'
            cand --category 'Category (a `##` section; default 未分類)'
            cand -d 'Details, written to the task''s context file'
            cand --description 'Details, written to the task''s context file'
            cand -s 'A subtask (repeat for several, at most 20)'
            cand --subtask 'A subtask (repeat for several, at most 20)'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;todo;update'= {
            cand -t 't'
            cand --title 'title'
            cand -s 'todo, in_progress (or in-progress) or done'
            cand --status 'todo, in_progress (or in-progress) or done'
            cand -c 'Move to this category (at its end)'
            cand --category 'Move to this category (at its end)'
            cand --subtask 'Replace all subtasks; repeat; a leading `[ ]`, `[-]` or `[x]` sets the status'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --clear-subtasks 'Remove all subtasks'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;todo;delete'= {
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;todo;move'= {
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;todo;list'= {
            cand -s 'todo, in_progress (or in-progress) or done'
            cand --status 'todo, in_progress (or in-progress) or done'
            cand -c 'c'
            cand --category 'category'
            cand -l 'At most this many (1–100)'
            cand --limit 'At most this many (1–100)'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;todo;search'= {
            cand --in 'Where to search: title, content, context (comma-separated)'
            cand -l 'At most this many (1–50)'
            cand --limit 'At most this many (1–50)'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;todo;help'= {
            cand add 'Add a task at the end of its category in .todo/task.md (and create its context file)'
            cand update 'Change a task''s title, status, category or subtasks'
            cand delete 'Delete a task and its context file'
            cand move 'Move a task: first / last in its category, or before / after another task'
            cand list 'List tasks in priority order'
            cand search 'Search tasks (title and content by default)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;todo;help;add'= {
        }
        &'noveler;todo;help;update'= {
        }
        &'noveler;todo;help;delete'= {
        }
        &'noveler;todo;help;move'= {
        }
        &'noveler;todo;help;list'= {
        }
        &'noveler;todo;help;search'= {
        }
        &'noveler;todo;help;help'= {
        }
        &'noveler;adr'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
            cand new 'Record a decision as .todo/adr/adr-NNN-<title>.md'
            cand status 'Change a decision''s status (recorded in its history)'
            cand list 'List decision records'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;adr;new'= {
            cand --context 'Background of the decision'
            cand --decision 'What was decided'
            cand --rationale 'Why'
            cand --consequences 'What follows from it'
            cand --status 'Proposed (default), Accepted or Deprecated'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;adr;status'= {
            cand -r 'Why the status changes'
            cand --reason 'Why the status changes'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;adr;list'= {
            cand -s 'Proposed, Accepted or Deprecated'
            cand --status 'Proposed, Accepted or Deprecated'
            cand -l 'At most this many (1–100)'
            cand --limit 'At most this many (1–100)'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;adr;help'= {
            cand new 'Record a decision as .todo/adr/adr-NNN-<title>.md'
            cand status 'Change a decision''s status (recorded in its history)'
            cand list 'List decision records'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;adr;help;new'= {
        }
        &'noveler;adr;help;status'= {
        }
        &'noveler;adr;help;list'= {
        }
        &'noveler;adr;help;help'= {
        }
        &'noveler;context'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
            cand set 'Replace a task''s context (or one `##` section of it)'
            cand append 'Append to a task''s context (at the end, or to one `##` section)'
            cand show 'Print a task''s context'
            cand search 'Search all context files'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;context;set'= {
            cand -s 'Replace only this `##` section (created when missing)'
            cand --section 'Replace only this `##` section (created when missing)'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;context;append'= {
            cand -s 'Append to this `##` section (created when missing)'
            cand --section 'Append to this `##` section (created when missing)'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;context;show'= {
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;context;search'= {
            cand -l 'At most this many (1–50)'
            cand --limit 'At most this many (1–50)'
            cand --format 'Output format: readable text, or the JSON envelope'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;context;help'= {
            cand set 'Replace a task''s context (or one `##` section of it)'
            cand append 'Append to a task''s context (at the end, or to one `##` section)'
            cand show 'Print a task''s context'
            cand search 'Search all context files'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;context;help;set'= {
        }
        &'noveler;context;help;append'= {
        }
        &'noveler;context;help;show'= {
        }
        &'noveler;context;help;search'= {
        }
        &'noveler;context;help;help'= {
        }
        &'noveler;status'= {
            cand --threshold 'List episodes scoring below this in the quality summary (0–100)'
            cand --recent 'How many recent activities to show'
            cand --report 'Also write a visual report'
            cand -o 'Where to write the report (relative to the working directory; default: temp/status_report.html in the project)'
            cand --output 'Where to write the report (relative to the working directory; default: temp/status_report.html in the project)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-cache 'Analyse every manuscript again instead of using .noveler/cache/'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;complete'= {
            cand --site 'Site of the publish-ready text (default: from 掲載予定 in プロジェクト設定.yaml, else narou)'
            cand --min-score 'Stop when the overall score is below this (0–100)'
            cand --format 'Output format: text, or json (the result envelope). `--output-format` is a deprecated alias; the site is `--site`'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --auto-publish 'Prepare for posting (noveler never posts: there is no network access)'
            cand --dry-run 'Run the gate and show what would be written, without writing'
            cand --force 'Complete even though the gate refuses (length outside the band, score below --min-score, a criterion of the writing plan unmet); 話数管理.yaml records it as forced'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;init'= {
            cand --title 'The work''s title (プロジェクト名)'
            cand --genre 'Main genre (ジャンル.メイン), e.g. ファンタジー'
            cand --author 'Author name (作者)'
            cand --platform 'Where the work is to be posted (掲載予定; `complete` publishes in its format)'
            cand --target-length 'Target length per episode, in characters (default 4000, a なろう/カクヨム episode); the band around it is half of it to one and a half times it'
            cand --target-min 'Minimum length per episode, in characters (default: half the target)'
            cand --target-max 'Maximum length per episode, in characters (default: one and a half times the target)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --force 'Initialise a non-empty directory: add what is missing, keep every existing file'
            cand --no-agent-files 'Do not write .mcp.json and the Claude Code slash command .claude/commands/noveler.md'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;progressive'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand tasks 'List the 12 steps and start (or resume) the episode''s session'
            cand step 'Run step N: findings and metrics now, plus the prompt for the judgment part'
            cand repeat 'Run step N up to COUNT times, stopping on pass / too little improvement'
            cand status 'Progress of the session'
            cand history 'Past attempts, newest first'
            cand end 'Close the session'
            cand artifacts 'Files and artifacts of the session'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;progressive;tasks'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --new 'Start a new session even if one is open'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;progressive;step'= {
            cand --llm-result 'The agent''s judgment (JSON file, `-` for stdin) to fold into the score'
            cand --content 'Check this file''s text instead of the manuscript (nothing is written)'
            cand --corpus-model-id 'Compare with this stored baseline (`noveler baseline build DIR`) instead (implies --ml)'
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'Run the step but keep nothing (no session, attempt, step files or artifacts)'
            cand --ml 'Compare with a corpus baseline (statistics, not a model): this text''s metrics as percentiles of the author''s earlier episodes, in metadata.ml_enhancements (json)'
            cand --dynamic-thresholds 'Check with thresholds learned from the baseline, clamped to sane bounds (implies --ml)'
            cand --dynamic-severity 'Adjust severities by position and frequency against the baseline (implies --ml)'
            cand --optimize-weights 'Weight rule penalties by the recorded accept/reject feedback (implies --ml)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;progressive;repeat'= {
            cand --count 'count'
            cand --min-improvement 'Stop when the score improves by less than this'
            cand --time-budget 'Stop after this many seconds (QC-007)'
            cand --llm-result 'The agent''s judgment for the first attempt'
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --until-pass 'Stop once the step passes'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;progressive;status'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;progressive;history'= {
            cand --limit 'limit'
            cand --cursor 'cursor'
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;progressive;end'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;progressive;artifacts'= {
            cand --session 'Session id (default: the episode''s latest open session)'
            cand --window-size 'Moving-average window over narration sentence lengths (default 5)'
            cand --rule-profile 'Rule profile (narou)'
            cand --target-min 'Override the target length minimum (with --target-max)'
            cand --target-max 'Override the target length maximum (with --target-min)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --include-dialogue 'Count dialogue lines in the sentence-length (rhythm) figures too'
            cand --accept-unjudged 'Step 12: approve although earlier steps'' judgments are pending (recorded as such)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;progressive;help'= {
            cand tasks 'List the 12 steps and start (or resume) the episode''s session'
            cand step 'Run step N: findings and metrics now, plus the prompt for the judgment part'
            cand repeat 'Run step N up to COUNT times, stopping on pass / too little improvement'
            cand status 'Progress of the session'
            cand history 'Past attempts, newest first'
            cand end 'Close the session'
            cand artifacts 'Files and artifacts of the session'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;progressive;help;tasks'= {
        }
        &'noveler;progressive;help;step'= {
        }
        &'noveler;progressive;help;repeat'= {
        }
        &'noveler;progressive;help;status'= {
        }
        &'noveler;progressive;help;history'= {
        }
        &'noveler;progressive;help;end'= {
        }
        &'noveler;progressive;help;artifacts'= {
        }
        &'noveler;progressive;help;help'= {
        }
        &'noveler;evaluate'= {
            cand --llm-result 'The agent''s judgment (JSON file, `-` for stdin)'
            cand --style 'preview: short or detailed'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;polish'= {
            cand --level 'Highest fix level applied (default: the project''s fix.level, else safe)'
            cand --codes 'Only fixes of these rule codes (comma-separated)'
            cand --issue-ids 'Only the fixes of these finding ids (comma-separated, from a check)'
            cand --expected-sha256 'Refuse (QC-018) unless the file still has this sha256'
            cand --stage 'Print the prompt of revision stage 2 (content) or 3 (reader experience) instead'
            cand --format 'format'
            cand --until 'Fix and re-check until the overall score reaches SCORE, no pass improves it, or --max-iterations (one episode; written once, with one backup, only with --apply)'
            cand --max-iterations 'Most fix-and-check passes of --until (1-10)'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --all 'Every manuscript of the project'
            cand --diff 'Show the unified diff only (default)'
            cand --apply 'Write the fixes (the original is backed up first)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand submit 'Apply an agent''s stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;polish;submit'= {
            cand --stage 'stage'
            cand --result 'The agent''s result (JSON file, `-` for stdin)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --diff 'Show the diff only; write nothing'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;polish;help'= {
            cand submit 'Apply an agent''s stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;polish;help;submit'= {
        }
        &'noveler;polish;help;help'= {
        }
        &'noveler;baseline'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
            cand build 'Gather the statistics of every .md/.txt text under DIR and store them (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id'
            cand list 'List the stored corpus baselines'
            cand show 'Show a stored corpus baseline: each metric''s distribution'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;baseline;build'= {
            cand --genre 'The texts'' genre, e.g. ファンタジー (default: the project''s ジャンル.メイン for a folder under its manuscripts, else none); compared with the checked project''s'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;baseline;list'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;baseline;show'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;baseline;help'= {
            cand build 'Gather the statistics of every .md/.txt text under DIR and store them (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id'
            cand list 'List the stored corpus baselines'
            cand show 'Show a stored corpus baseline: each metric''s distribution'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;baseline;help;build'= {
        }
        &'noveler;baseline;help;list'= {
        }
        &'noveler;baseline;help;show'= {
        }
        &'noveler;baseline;help;help'= {
        }
        &'noveler;feedback'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
            cand record 'Record which findings of an episode the author accepted or rejected (ids from a check)'
            cand summary 'Rule weights and config suggestions from every record so far'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;feedback;record'= {
            cand --accept 'Finding ids the author accepted (comma-separated; ID:CODE to name the rule)'
            cand --reject 'Finding ids the author rejected (comma-separated; ID:CODE to name the rule)'
            cand --before 'Overall score before the revision'
            cand --after 'Overall score after the revision'
            cand --note 'A note kept with the record'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;feedback;summary'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;feedback;help'= {
            cand record 'Record which findings of an episode the author accepted or rejected (ids from a check)'
            cand summary 'Rule weights and config suggestions from every record so far'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;feedback;help;record'= {
        }
        &'noveler;feedback;help;summary'= {
        }
        &'noveler;feedback;help;help'= {
        }
        &'noveler;mcp'= {
            cand --tools 'Which tools to offer: `default` (one tool per job, compact replies) or `seed` (every tool under the seeds'' names, full typed output schemas)'
            cand --allow-root 'Another directory tool calls may read and write (repeatable); the project root and the roots the client declares (MCP roots) are always allowed'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand install-command 'Install the Claude Code slash command /noveler (write, check, plot, status, init) into the project''s .claude/commands/noveler.md, or with --user into ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a different one is first backed up beside it (noveler.md.<time>.bak)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;mcp;install-command'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --user 'Install for the user ($HOME/.claude/commands/noveler.md) instead of the project'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;mcp;help'= {
            cand install-command 'Install the Claude Code slash command /noveler (write, check, plot, status, init) into the project''s .claude/commands/noveler.md, or with --user into ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a different one is first backed up beside it (noveler.md.<time>.bak)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;mcp;help;install-command'= {
        }
        &'noveler;mcp;help;help'= {
        }
        &'noveler;lsp'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --stdio 'Speak over stdin/stdout (the only transport; accepted because editors pass it)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand --save 'Save the result envelope (and use .noveler/cache/) even outside a project: outside one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default'
            cand -q 'Print less: only findings, errors and the pass/fail line'
            cand --quiet 'Print less: only findings, errors and the pass/fail line'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;help'= {
            cand check 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (or write every page with --dir)'
            cand explain 'Show a rule''s documentation: what it detects, why, an example and its fix'
            cand rules 'List every rule with its code, aspect and default severity'
            cand artifact 'Content-addressed artifacts: store, fetch, list, delete, gc'
            cand backup 'Snapshots of manuscripts and artifacts: create, list, restore'
            cand files 'Saved results and the hash index: info, list, get, changes, clean'
            cand convert 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope'
            cand validate 'Check that a JSON document is a well-formed result envelope'
            cand write 'Write an episode in ten stages with an agent: prompts out, validated results in'
            cand plot 'The episode plot for an agent: prompt, then submit the plot YAML'
            cand todo 'Tasks for the author''s agent: .todo/task.md (add, update, delete, move, list, search)'
            cand adr 'Decision records (ADR) under .todo/adr/ (new, status, list)'
            cand context 'Per-task context files .todo/context/TNNN.md (set, append, show, search)'
            cand status 'Where the project stands: episodes, quality, progress (and an HTML report)'
            cand complete 'Finish an episode: quality gate, 話数管理 update and the publish-ready text'
            cand init 'Create a new novel project (folders, settings, first plot, .novelerrc.yaml)'
            cand progressive 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
            cand evaluate 'Judged evaluations for an agent: 68 story elements, structure, expression, preview'
            cand polish 'Apply the rules'' automatic fixes (diff or --apply with a backup), or revision stages 2/3'
            cand baseline 'Corpus baselines (statistics of a folder of texts) for `check --corpus-model-id`: build DIR, list, show ID. Not `check --baseline` (accepted findings)'
            cand feedback 'Record accept/reject feedback on findings (weights and config suggestions): record, summary'
            cand mcp 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)'
            cand lsp 'Serve findings, fixes and rule docs to an editor as you type (Language Server Protocol over stdio; see the README for Neovim, VS Code, Helix, Emacs and Zed)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;help;check'= {
            cand progressive 'The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end'
        }
        &'noveler;help;check;progressive'= {
            cand tasks 'List the 12 steps and start (or resume) the episode''s session'
            cand step 'Run step N: findings and metrics now, plus the prompt for the judgment part'
            cand repeat 'Run step N up to COUNT times, stopping on pass / too little improvement'
            cand status 'Progress of the session'
            cand history 'Past attempts, newest first'
            cand end 'Close the session'
            cand artifacts 'Files and artifacts of the session'
        }
        &'noveler;help;check;progressive;tasks'= {
        }
        &'noveler;help;check;progressive;step'= {
        }
        &'noveler;help;check;progressive;repeat'= {
        }
        &'noveler;help;check;progressive;status'= {
        }
        &'noveler;help;check;progressive;history'= {
        }
        &'noveler;help;check;progressive;end'= {
        }
        &'noveler;help;check;progressive;artifacts'= {
        }
        &'noveler;help;completions'= {
        }
        &'noveler;help;man'= {
        }
        &'noveler;help;explain'= {
        }
        &'noveler;help;rules'= {
        }
        &'noveler;help;artifact'= {
            cand store 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id'
            cand fetch 'Print an artifact''s content, or one section of it'
            cand list 'List stored artifacts (corrupt files are reported and skipped)'
            cand delete 'Delete an artifact (its file is backed up first)'
            cand gc 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)'
        }
        &'noveler;help;artifact;store'= {
        }
        &'noveler;help;artifact;fetch'= {
        }
        &'noveler;help;artifact;list'= {
        }
        &'noveler;help;artifact;delete'= {
        }
        &'noveler;help;artifact;gc'= {
        }
        &'noveler;help;backup'= {
            cand create 'Snapshot manuscripts (and artifacts) under .noveler/backups/'
            cand list 'List backups, newest first'
            cand restore 'Restore a backup (hashes verified first; overwritten files are backed up)'
        }
        &'noveler;help;backup;create'= {
        }
        &'noveler;help;backup;list'= {
        }
        &'noveler;help;backup;restore'= {
        }
        &'noveler;help;files'= {
            cand info 'Show a file''s reference (path, sha256, size, type) and what the hash index knows of it'
            cand list 'List the files recorded in the hash index with their hashes'
            cand get 'Print a recorded file by its sha256 (content re-verified; `text` prints it raw)'
            cand changes 'Compare files with the state the hash index last recorded for them'
            cand clean 'Remove saved results older than a given age and update the index'
        }
        &'noveler;help;files;info'= {
        }
        &'noveler;help;files;list'= {
        }
        &'noveler;help;files;get'= {
        }
        &'noveler;help;files;changes'= {
        }
        &'noveler;help;files;clean'= {
        }
        &'noveler;help;convert'= {
        }
        &'noveler;help;validate'= {
        }
        &'noveler;help;write'= {
            cand submit 'Submit a stage''s output (JSON/YAML; for stage 8 also a bare manuscript .md)'
            cand resume 'Continue an interrupted (or abandoned) session from its current stage'
            cand status 'Sessions of an episode and the progress of one'
            cand abandon 'Stop a session, freeing the episode for a new one'
            cand tasks 'The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)'
            cand recover 'Rebuild a damaged session and replay logged outputs from a step (enhanced_resume_from_partial_failure)'
        }
        &'noveler;help;write;submit'= {
        }
        &'noveler;help;write;resume'= {
        }
        &'noveler;help;write;status'= {
        }
        &'noveler;help;write;abandon'= {
        }
        &'noveler;help;write;tasks'= {
        }
        &'noveler;help;write;recover'= {
        }
        &'noveler;help;plot'= {
            cand submit 'Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml'
        }
        &'noveler;help;plot;submit'= {
        }
        &'noveler;help;todo'= {
            cand add 'Add a task at the end of its category in .todo/task.md (and create its context file)'
            cand update 'Change a task''s title, status, category or subtasks'
            cand delete 'Delete a task and its context file'
            cand move 'Move a task: first / last in its category, or before / after another task'
            cand list 'List tasks in priority order'
            cand search 'Search tasks (title and content by default)'
        }
        &'noveler;help;todo;add'= {
        }
        &'noveler;help;todo;update'= {
        }
        &'noveler;help;todo;delete'= {
        }
        &'noveler;help;todo;move'= {
        }
        &'noveler;help;todo;list'= {
        }
        &'noveler;help;todo;search'= {
        }
        &'noveler;help;adr'= {
            cand new 'Record a decision as .todo/adr/adr-NNN-<title>.md'
            cand status 'Change a decision''s status (recorded in its history)'
            cand list 'List decision records'
        }
        &'noveler;help;adr;new'= {
        }
        &'noveler;help;adr;status'= {
        }
        &'noveler;help;adr;list'= {
        }
        &'noveler;help;context'= {
            cand set 'Replace a task''s context (or one `##` section of it)'
            cand append 'Append to a task''s context (at the end, or to one `##` section)'
            cand show 'Print a task''s context'
            cand search 'Search all context files'
        }
        &'noveler;help;context;set'= {
        }
        &'noveler;help;context;append'= {
        }
        &'noveler;help;context;show'= {
        }
        &'noveler;help;context;search'= {
        }
        &'noveler;help;status'= {
        }
        &'noveler;help;complete'= {
        }
        &'noveler;help;init'= {
        }
        &'noveler;help;progressive'= {
            cand tasks 'List the 12 steps and start (or resume) the episode''s session'
            cand step 'Run step N: findings and metrics now, plus the prompt for the judgment part'
            cand repeat 'Run step N up to COUNT times, stopping on pass / too little improvement'
            cand status 'Progress of the session'
            cand history 'Past attempts, newest first'
            cand end 'Close the session'
            cand artifacts 'Files and artifacts of the session'
        }
        &'noveler;help;progressive;tasks'= {
        }
        &'noveler;help;progressive;step'= {
        }
        &'noveler;help;progressive;repeat'= {
        }
        &'noveler;help;progressive;status'= {
        }
        &'noveler;help;progressive;history'= {
        }
        &'noveler;help;progressive;end'= {
        }
        &'noveler;help;progressive;artifacts'= {
        }
        &'noveler;help;evaluate'= {
        }
        &'noveler;help;polish'= {
            cand submit 'Apply an agent''s stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})'
        }
        &'noveler;help;polish;submit'= {
        }
        &'noveler;help;baseline'= {
            cand build 'Gather the statistics of every .md/.txt text under DIR and store them (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id'
            cand list 'List the stored corpus baselines'
            cand show 'Show a stored corpus baseline: each metric''s distribution'
        }
        &'noveler;help;baseline;build'= {
        }
        &'noveler;help;baseline;list'= {
        }
        &'noveler;help;baseline;show'= {
        }
        &'noveler;help;feedback'= {
            cand record 'Record which findings of an episode the author accepted or rejected (ids from a check)'
            cand summary 'Rule weights and config suggestions from every record so far'
        }
        &'noveler;help;feedback;record'= {
        }
        &'noveler;help;feedback;summary'= {
        }
        &'noveler;help;mcp'= {
            cand install-command 'Install the Claude Code slash command /noveler (write, check, plot, status, init) into the project''s .claude/commands/noveler.md, or with --user into ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a different one is first backed up beside it (noveler.md.<time>.bak)'
        }
        &'noveler;help;mcp;install-command'= {
        }
        &'noveler;help;lsp'= {
        }
        &'noveler;help;help'= {
        }
    ]
    $completions[$command]
}
