# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_noveler_global_optspecs
    string join \n project-root= no-save q/quiet h/help V/version
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
complete -c noveler -n "__fish_noveler_needs_command" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_needs_command" -s V -l version -d 'Print version'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "check" -d 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "man" -d 'Print the man page (or write every page with --dir)'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "explain" -d 'Show a rule\'s documentation: what it detects, why, an example and its fix'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "rules" -d 'List every rule with its code, aspect and default severity'
<<<<<<< HEAD
=======
complete -c noveler -n "__fish_noveler_needs_command" -f -a "mcp" -d 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)'
>>>>>>> workflow
complete -c noveler -n "__fish_noveler_needs_command" -f -a "artifact" -d 'Content-addressed artifacts: store, fetch, list, delete, gc'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "backup" -d 'Snapshots of manuscripts and artifacts: create, list, restore'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "files" -d 'Saved results and the hash index: info, list, get, changes, clean'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "convert" -d 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "validate" -d 'Check that a JSON document is a well-formed result envelope'
complete -c noveler -n "__fish_noveler_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand check" -l format -d 'Output format: text (snippets), json (the result envelope), ndjson (one finding per line + summary), sarif (2.1.0), github (Actions annotations)' -r -f -a "text\t''
json\t''
ndjson\t''
sarif\t''
github\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check" -l aspects -d 'Only check these aspects (comma-separated)' -r -f -a "rhythm\t''
readability\t''
grammar\t''
style\t''
length\t''
content\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check" -l severity-threshold -d 'Report only findings of this severity or above' -r -f -a "low\t''
medium\t''
high\t''
critical\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check" -l fail-on -d 'Exit 1 when a finding of this severity or above is reported' -r -f -a "low\t''
medium\t''
high\t''
critical\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check" -l fail-under -d 'Exit 1 when a file\'s overall score is below this (0-100)' -r
complete -c noveler -n "__fish_noveler_using_subcommand check" -l color -d 'Colour the text output' -r -f -a "auto\t'When stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check" -l config -d 'Tool config to use instead of .novelerrc.yaml' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand check" -l exclude-dialogue-lines -d 'Rhythm metrics and rules over narration only (true) or all sentences (false)' -r -f -a "true\t''
false\t''"
complete -c noveler -n "__fish_noveler_using_subcommand check" -l stdin-filename -d 'File name to report stdin (-) as; also decides ignores' -r
complete -c noveler -n "__fish_noveler_using_subcommand check" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand check" -l exit-zero -d 'Exit 0 even when the gate trips (errors still exit 2)'
complete -c noveler -n "__fish_noveler_using_subcommand check" -l statistics -d 'Print a table of finding counts per rule code instead of the findings (text format)'
complete -c noveler -n "__fish_noveler_using_subcommand check" -l no-progress -d 'Never show a progress bar'
complete -c noveler -n "__fish_noveler_using_subcommand check" -l no-cache -d 'Do not read or write the content-hash cache (.noveler/cache/)'
complete -c noveler -n "__fish_noveler_using_subcommand check" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand check" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand completions" -l dir -d 'Directory to write completions/ and man/ into (with --write-all; default: .)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand completions" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand completions" -l write-all -d 'Write every completion script to completions/ and every man page to man/'
complete -c noveler -n "__fish_noveler_using_subcommand completions" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand completions" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand completions" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand man" -l dir -d 'Write every page into DIR instead of printing one' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand man" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand man" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand man" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand man" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand explain" -l format -r -f -a "text\t''
json\t''
ndjson\t''
sarif\t''
github\t''"
complete -c noveler -n "__fish_noveler_using_subcommand explain" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand explain" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand explain" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand explain" -s h -l help -d 'Print help'
complete -c noveler -n "__fish_noveler_using_subcommand rules" -l format -r -f -a "text\t''
json\t''
ndjson\t''
sarif\t''
github\t''"
complete -c noveler -n "__fish_noveler_using_subcommand rules" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand rules" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand rules" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand rules" -s h -l help -d 'Print help'
<<<<<<< HEAD
=======
complete -c noveler -n "__fish_noveler_using_subcommand mcp" -l tools -d 'Which tools to offer: `core` (the ten most used) or `full` (all)' -r -f -a "core\t'The ten most used tools (see `tools::CORE`)'
full\t'Every tool'"
complete -c noveler -n "__fish_noveler_using_subcommand mcp" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand mcp" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand mcp" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand mcp" -s h -l help -d 'Print help (see more with \'--help\')'
>>>>>>> workflow
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and not __fish_seen_subcommand_from store fetch list delete gc help" -s q -l quiet -d 'Print less: only findings and errors'
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
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from store" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l section -d 'JSON/YAML key path (a.b.0) or Markdown heading text' -r
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l format -r -f -a "raw\t'The content (or section), byte for byte'
json\t'The result envelope with content and metadata'"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from fetch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -l tag -d 'Only artifacts with this tag KEY=VALUE (repeatable: all must match)' -r
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l older-than -d 'Keep unreferenced artifacts younger than this age' -r
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l dry-run -d 'Only show what would be removed'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from gc" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "store" -d 'Store a file (or stdin with `-`) as a content-addressed artifact and print its id'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "fetch" -d 'Print an artifact\'s content, or one section of it'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "list" -d 'List stored artifacts (corrupt files are reported and skipped)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete an artifact (its file is backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "gc" -d 'Remove artifacts no session or manifest under .noveler/ refers to (backed up first)'
complete -c noveler -n "__fish_noveler_using_subcommand artifact; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and not __fish_seen_subcommand_from create list restore help" -s q -l quiet -d 'Print less: only findings and errors'
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
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -l dry-run -d 'Only show what would be written'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from restore" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "create" -d 'Snapshot manuscripts (and artifacts) under .noveler/backups/'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "list" -d 'List backups, newest first'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "restore" -d 'Restore a backup (hashes verified first; overwritten files are backed up)'
complete -c noveler -n "__fish_noveler_using_subcommand backup; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and not __fish_seen_subcommand_from info list get changes clean help" -s q -l quiet -d 'Print less: only findings and errors'
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
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from info" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from info" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l prefix -d 'Only paths starting with this prefix' -r
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l role -d 'Only entries with this role (envelope, manuscript, stdout …)' -r
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from changes" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l older-than -d 'Age, e.g. 30d, 12h, 90m' -r
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l dry-run -d 'Only show what would be removed'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand files; and __fish_seen_subcommand_from clean" -s q -l quiet -d 'Print less: only findings and errors'
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
complete -c noveler -n "__fish_noveler_using_subcommand convert" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand convert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c noveler -n "__fish_noveler_using_subcommand validate" -l format -r -f -a "text\t'Human-readable summary'
json\t'The result envelope, exactly as saved'"
complete -c noveler -n "__fish_noveler_using_subcommand validate" -l project-root -d 'Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)' -r -F
complete -c noveler -n "__fish_noveler_using_subcommand validate" -l verify-files -d 'Also compare every FileRef with the file on disk'
complete -c noveler -n "__fish_noveler_using_subcommand validate" -l no-save -d 'Do not save the result envelope under temp/json_output/'
complete -c noveler -n "__fish_noveler_using_subcommand validate" -s q -l quiet -d 'Print less: only findings and errors'
complete -c noveler -n "__fish_noveler_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
<<<<<<< HEAD
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "check" -d 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "completions" -d 'Print a shell completion script'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "man" -d 'Print the man page (or write every page with --dir)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "explain" -d 'Show a rule\'s documentation: what it detects, why, an example and its fix'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "rules" -d 'List every rule with its code, aspect and default severity'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "artifact" -d 'Content-addressed artifacts: store, fetch, list, delete, gc'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "backup" -d 'Snapshots of manuscripts and artifacts: create, list, restore'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "files" -d 'Saved results and the hash index: info, list, get, changes, clean'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "convert" -d 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "validate" -d 'Check that a JSON document is a well-formed result envelope'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules artifact backup files convert validate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
=======
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "check" -d 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "completions" -d 'Print a shell completion script'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "man" -d 'Print the man page (or write every page with --dir)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "explain" -d 'Show a rule\'s documentation: what it detects, why, an example and its fix'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "rules" -d 'List every rule with its code, aspect and default severity'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "mcp" -d 'Serve the commands as MCP tools over stdio (for Claude Code and other agents)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "artifact" -d 'Content-addressed artifacts: store, fetch, list, delete, gc'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "backup" -d 'Snapshots of manuscripts and artifacts: create, list, restore'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "files" -d 'Saved results and the hash index: info, list, get, changes, clean'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "convert" -d 'Convert a CLI result {command, returncode, stdout, stderr} into a result envelope'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "validate" -d 'Check that a JSON document is a well-formed result envelope'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules mcp artifact backup files convert validate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
>>>>>>> workflow
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
