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
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules help" -f -a "check" -d 'Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules help" -f -a "completions" -d 'Print a shell completion script'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules help" -f -a "man" -d 'Print the man page (or write every page with --dir)'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules help" -f -a "explain" -d 'Show a rule\'s documentation: what it detects, why, an example and its fix'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules help" -f -a "rules" -d 'List every rule with its code, aspect and default severity'
complete -c noveler -n "__fish_noveler_using_subcommand help; and not __fish_seen_subcommand_from check completions man explain rules help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
