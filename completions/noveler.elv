
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
<<<<<<< HEAD
=======
            cand mcp 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)'
>>>>>>> workflow
            cand artifact 'Content-addressed artifacts: store, fetch, list, delete, gc'
            cand backup 'Snapshots of manuscripts and artifacts: create, list, restore'
            cand files 'Saved results and the hash index: info, list, get, changes, clean'
            cand convert 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope'
            cand validate 'Check that a JSON document is a well-formed result envelope'
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
<<<<<<< HEAD
=======
        &'noveler;mcp'= {
            cand --tools 'Which tools to offer: `core` (the ten most used) or `full` (all)'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
>>>>>>> workflow
        &'noveler;artifact'= {
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
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
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact;fetch'= {
            cand --section 'JSON/YAML key path (a.b.0) or Markdown heading text'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact;list'= {
            cand --tag 'Only artifacts with this tag KEY=VALUE (repeatable: all must match)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact;delete'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;artifact;gc'= {
            cand --older-than 'Keep unreferenced artifacts younger than this age'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'Only show what would be removed'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
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
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
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
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;backup;list'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;backup;restore'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'Only show what would be written'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
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
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
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
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;files;list'= {
            cand --prefix 'Only paths starting with this prefix'
            cand --role 'Only entries with this role (envelope, manuscript, stdout …)'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;files;get'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;files;changes'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;files;clean'= {
            cand --older-than 'Age, e.g. 30d, 12h, 90m'
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --dry-run 'Only show what would be removed'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
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
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;validate'= {
            cand --format 'format'
            cand --project-root 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)'
            cand --verify-files 'Also compare every FileRef with the file on disk'
            cand --no-save 'Do not save the result envelope under temp/json_output/'
            cand -q 'Print less: only findings and errors'
            cand --quiet 'Print less: only findings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'noveler;help'= {
            cand check 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (or write every page with --dir)'
            cand explain 'Show a rule''s documentation: what it detects, why, an example and its fix'
            cand rules 'List every rule with its code, aspect and default severity'
<<<<<<< HEAD
=======
            cand mcp 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)'
>>>>>>> workflow
            cand artifact 'Content-addressed artifacts: store, fetch, list, delete, gc'
            cand backup 'Snapshots of manuscripts and artifacts: create, list, restore'
            cand files 'Saved results and the hash index: info, list, get, changes, clean'
            cand convert 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope'
            cand validate 'Check that a JSON document is a well-formed result envelope'
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
<<<<<<< HEAD
=======
        &'noveler;help;mcp'= {
        }
>>>>>>> workflow
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
        &'noveler;help;help'= {
        }
    ]
    $completions[$command]
}
