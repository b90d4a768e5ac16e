
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
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand check 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (or write every page with --dir)'
            cand explain 'Show a rule''s documentation: what it detects, why, an example and its fix'
            cand rules 'List every rule with its code, aspect and default severity'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;check'= {
            cand --format 'Output format: text (snippets), json (the result envelope), ndjson (one finding per line + summary), sarif (2.1.0), github (Actions annotations)'
            cand --aspects 'Only check these aspects (comma-separated)'
            cand --severity-threshold 'Report only findings of this severity or above'
            cand --fail-on 'Exit 1 when a finding of this severity or above is reported'
            cand --fail-under 'Exit 1 when a file''s overall score is below this (0-100)'
            cand --color 'Colour the text output'
            cand --config 'Tool config to use instead of .novelerrc.yaml'
            cand --exclude-dialogue-lines 'Rhythm metrics and rules over narration only (true) or all sentences (false)'
            cand --stdin-filename 'File name to report stdin (-) as; also decides ignores'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --exit-zero 'Exit 0 even when the gate trips (errors still exit 2)'
            cand --statistics 'Print a table of finding counts per rule code instead of the findings (text format)'
            cand --no-progress 'Never show a progress bar'
            cand --no-cache 'Do not read or write the content-hash cache (.noveler/cache/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;completions'= {
            cand --dir 'Directory to write completions/ and man/ into (with --write-all; default: .)'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --write-all 'Write every completion script to completions/ and every man page to man/'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;man'= {
            cand --dir 'Write every page into DIR instead of printing one'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;explain'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;rules'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'noveler;help'= {
            cand check 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (or write every page with --dir)'
            cand explain 'Show a rule''s documentation: what it detects, why, an example and its fix'
            cand rules 'List every rule with its code, aspect and default severity'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'noveler;help;check'= {
        }
        &'noveler;help;completions'= {
        }
        &'noveler;help;man'= {
        }
        &'noveler;help;explain'= {
        }
        &'noveler;help;rules'= {
        }
        &'noveler;help;help'= {
        }
    ]
    $completions[$command]
}
