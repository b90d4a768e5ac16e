_noveler() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="noveler"
                ;;
            noveler,adr)
                cmd="noveler__subcmd__adr"
                ;;
            noveler,artifact)
                cmd="noveler__subcmd__artifact"
                ;;
            noveler,backup)
                cmd="noveler__subcmd__backup"
                ;;
            noveler,baseline)
                cmd="noveler__subcmd__baseline"
                ;;
            noveler,check)
                cmd="noveler__subcmd__check"
                ;;
            noveler,complete)
                cmd="noveler__subcmd__complete"
                ;;
            noveler,completions)
                cmd="noveler__subcmd__completions"
                ;;
            noveler,context)
                cmd="noveler__subcmd__context"
                ;;
            noveler,convert)
                cmd="noveler__subcmd__convert"
                ;;
            noveler,evaluate)
                cmd="noveler__subcmd__evaluate"
                ;;
            noveler,explain)
                cmd="noveler__subcmd__explain"
                ;;
            noveler,feedback)
                cmd="noveler__subcmd__feedback"
                ;;
            noveler,files)
                cmd="noveler__subcmd__files"
                ;;
            noveler,help)
                cmd="noveler__subcmd__help"
                ;;
            noveler,init)
                cmd="noveler__subcmd__init"
                ;;
            noveler,lsp)
                cmd="noveler__subcmd__lsp"
                ;;
            noveler,man)
                cmd="noveler__subcmd__man"
                ;;
            noveler,mcp)
                cmd="noveler__subcmd__mcp"
                ;;
            noveler,plot)
                cmd="noveler__subcmd__plot"
                ;;
            noveler,polish)
                cmd="noveler__subcmd__polish"
                ;;
            noveler,progressive)
                cmd="noveler__subcmd__progressive"
                ;;
            noveler,rules)
                cmd="noveler__subcmd__rules"
                ;;
            noveler,status)
                cmd="noveler__subcmd__status"
                ;;
            noveler,todo)
                cmd="noveler__subcmd__todo"
                ;;
            noveler,validate)
                cmd="noveler__subcmd__validate"
                ;;
            noveler,write)
                cmd="noveler__subcmd__write"
                ;;
            noveler__subcmd__adr,help)
                cmd="noveler__subcmd__adr__subcmd__help"
                ;;
            noveler__subcmd__adr,list)
                cmd="noveler__subcmd__adr__subcmd__list"
                ;;
            noveler__subcmd__adr,new)
                cmd="noveler__subcmd__adr__subcmd__new"
                ;;
            noveler__subcmd__adr,status)
                cmd="noveler__subcmd__adr__subcmd__status"
                ;;
            noveler__subcmd__adr__subcmd__help,help)
                cmd="noveler__subcmd__adr__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__adr__subcmd__help,list)
                cmd="noveler__subcmd__adr__subcmd__help__subcmd__list"
                ;;
            noveler__subcmd__adr__subcmd__help,new)
                cmd="noveler__subcmd__adr__subcmd__help__subcmd__new"
                ;;
            noveler__subcmd__adr__subcmd__help,status)
                cmd="noveler__subcmd__adr__subcmd__help__subcmd__status"
                ;;
            noveler__subcmd__artifact,delete)
                cmd="noveler__subcmd__artifact__subcmd__delete"
                ;;
            noveler__subcmd__artifact,fetch)
                cmd="noveler__subcmd__artifact__subcmd__fetch"
                ;;
            noveler__subcmd__artifact,gc)
                cmd="noveler__subcmd__artifact__subcmd__gc"
                ;;
            noveler__subcmd__artifact,help)
                cmd="noveler__subcmd__artifact__subcmd__help"
                ;;
            noveler__subcmd__artifact,list)
                cmd="noveler__subcmd__artifact__subcmd__list"
                ;;
            noveler__subcmd__artifact,store)
                cmd="noveler__subcmd__artifact__subcmd__store"
                ;;
            noveler__subcmd__artifact__subcmd__help,delete)
                cmd="noveler__subcmd__artifact__subcmd__help__subcmd__delete"
                ;;
            noveler__subcmd__artifact__subcmd__help,fetch)
                cmd="noveler__subcmd__artifact__subcmd__help__subcmd__fetch"
                ;;
            noveler__subcmd__artifact__subcmd__help,gc)
                cmd="noveler__subcmd__artifact__subcmd__help__subcmd__gc"
                ;;
            noveler__subcmd__artifact__subcmd__help,help)
                cmd="noveler__subcmd__artifact__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__artifact__subcmd__help,list)
                cmd="noveler__subcmd__artifact__subcmd__help__subcmd__list"
                ;;
            noveler__subcmd__artifact__subcmd__help,store)
                cmd="noveler__subcmd__artifact__subcmd__help__subcmd__store"
                ;;
            noveler__subcmd__backup,create)
                cmd="noveler__subcmd__backup__subcmd__create"
                ;;
            noveler__subcmd__backup,help)
                cmd="noveler__subcmd__backup__subcmd__help"
                ;;
            noveler__subcmd__backup,list)
                cmd="noveler__subcmd__backup__subcmd__list"
                ;;
            noveler__subcmd__backup,restore)
                cmd="noveler__subcmd__backup__subcmd__restore"
                ;;
            noveler__subcmd__backup__subcmd__help,create)
                cmd="noveler__subcmd__backup__subcmd__help__subcmd__create"
                ;;
            noveler__subcmd__backup__subcmd__help,help)
                cmd="noveler__subcmd__backup__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__backup__subcmd__help,list)
                cmd="noveler__subcmd__backup__subcmd__help__subcmd__list"
                ;;
            noveler__subcmd__backup__subcmd__help,restore)
                cmd="noveler__subcmd__backup__subcmd__help__subcmd__restore"
                ;;
            noveler__subcmd__baseline,build)
                cmd="noveler__subcmd__baseline__subcmd__build"
                ;;
            noveler__subcmd__baseline,help)
                cmd="noveler__subcmd__baseline__subcmd__help"
                ;;
            noveler__subcmd__baseline,list)
                cmd="noveler__subcmd__baseline__subcmd__list"
                ;;
            noveler__subcmd__baseline,show)
                cmd="noveler__subcmd__baseline__subcmd__show"
                ;;
            noveler__subcmd__baseline__subcmd__help,build)
                cmd="noveler__subcmd__baseline__subcmd__help__subcmd__build"
                ;;
            noveler__subcmd__baseline__subcmd__help,help)
                cmd="noveler__subcmd__baseline__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__baseline__subcmd__help,list)
                cmd="noveler__subcmd__baseline__subcmd__help__subcmd__list"
                ;;
            noveler__subcmd__baseline__subcmd__help,show)
                cmd="noveler__subcmd__baseline__subcmd__help__subcmd__show"
                ;;
            noveler__subcmd__check,help)
                cmd="noveler__subcmd__check__subcmd__help"
                ;;
            noveler__subcmd__check,progressive)
                cmd="noveler__subcmd__check__subcmd__progressive"
                ;;
            noveler__subcmd__check__subcmd__help,help)
                cmd="noveler__subcmd__check__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__check__subcmd__help,progressive)
                cmd="noveler__subcmd__check__subcmd__help__subcmd__progressive"
                ;;
            noveler__subcmd__check__subcmd__help__subcmd__progressive,artifacts)
                cmd="noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__artifacts"
                ;;
            noveler__subcmd__check__subcmd__help__subcmd__progressive,end)
                cmd="noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__end"
                ;;
            noveler__subcmd__check__subcmd__help__subcmd__progressive,history)
                cmd="noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__history"
                ;;
            noveler__subcmd__check__subcmd__help__subcmd__progressive,repeat)
                cmd="noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__repeat"
                ;;
            noveler__subcmd__check__subcmd__help__subcmd__progressive,status)
                cmd="noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__status"
                ;;
            noveler__subcmd__check__subcmd__help__subcmd__progressive,step)
                cmd="noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__step"
                ;;
            noveler__subcmd__check__subcmd__help__subcmd__progressive,tasks)
                cmd="noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__tasks"
                ;;
            noveler__subcmd__check__subcmd__progressive,artifacts)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__artifacts"
                ;;
            noveler__subcmd__check__subcmd__progressive,end)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__end"
                ;;
            noveler__subcmd__check__subcmd__progressive,help)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__help"
                ;;
            noveler__subcmd__check__subcmd__progressive,history)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__history"
                ;;
            noveler__subcmd__check__subcmd__progressive,repeat)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__repeat"
                ;;
            noveler__subcmd__check__subcmd__progressive,status)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__status"
                ;;
            noveler__subcmd__check__subcmd__progressive,step)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__step"
                ;;
            noveler__subcmd__check__subcmd__progressive,tasks)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__tasks"
                ;;
            noveler__subcmd__check__subcmd__progressive__subcmd__help,artifacts)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__artifacts"
                ;;
            noveler__subcmd__check__subcmd__progressive__subcmd__help,end)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__end"
                ;;
            noveler__subcmd__check__subcmd__progressive__subcmd__help,help)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__check__subcmd__progressive__subcmd__help,history)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__history"
                ;;
            noveler__subcmd__check__subcmd__progressive__subcmd__help,repeat)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__repeat"
                ;;
            noveler__subcmd__check__subcmd__progressive__subcmd__help,status)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__status"
                ;;
            noveler__subcmd__check__subcmd__progressive__subcmd__help,step)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__step"
                ;;
            noveler__subcmd__check__subcmd__progressive__subcmd__help,tasks)
                cmd="noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__tasks"
                ;;
            noveler__subcmd__context,append)
                cmd="noveler__subcmd__context__subcmd__append"
                ;;
            noveler__subcmd__context,help)
                cmd="noveler__subcmd__context__subcmd__help"
                ;;
            noveler__subcmd__context,search)
                cmd="noveler__subcmd__context__subcmd__search"
                ;;
            noveler__subcmd__context,set)
                cmd="noveler__subcmd__context__subcmd__set"
                ;;
            noveler__subcmd__context,show)
                cmd="noveler__subcmd__context__subcmd__show"
                ;;
            noveler__subcmd__context__subcmd__help,append)
                cmd="noveler__subcmd__context__subcmd__help__subcmd__append"
                ;;
            noveler__subcmd__context__subcmd__help,help)
                cmd="noveler__subcmd__context__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__context__subcmd__help,search)
                cmd="noveler__subcmd__context__subcmd__help__subcmd__search"
                ;;
            noveler__subcmd__context__subcmd__help,set)
                cmd="noveler__subcmd__context__subcmd__help__subcmd__set"
                ;;
            noveler__subcmd__context__subcmd__help,show)
                cmd="noveler__subcmd__context__subcmd__help__subcmd__show"
                ;;
            noveler__subcmd__feedback,help)
                cmd="noveler__subcmd__feedback__subcmd__help"
                ;;
            noveler__subcmd__feedback,record)
                cmd="noveler__subcmd__feedback__subcmd__record"
                ;;
            noveler__subcmd__feedback,summary)
                cmd="noveler__subcmd__feedback__subcmd__summary"
                ;;
            noveler__subcmd__feedback__subcmd__help,help)
                cmd="noveler__subcmd__feedback__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__feedback__subcmd__help,record)
                cmd="noveler__subcmd__feedback__subcmd__help__subcmd__record"
                ;;
            noveler__subcmd__feedback__subcmd__help,summary)
                cmd="noveler__subcmd__feedback__subcmd__help__subcmd__summary"
                ;;
            noveler__subcmd__files,changes)
                cmd="noveler__subcmd__files__subcmd__changes"
                ;;
            noveler__subcmd__files,clean)
                cmd="noveler__subcmd__files__subcmd__clean"
                ;;
            noveler__subcmd__files,get)
                cmd="noveler__subcmd__files__subcmd__get"
                ;;
            noveler__subcmd__files,help)
                cmd="noveler__subcmd__files__subcmd__help"
                ;;
            noveler__subcmd__files,info)
                cmd="noveler__subcmd__files__subcmd__info"
                ;;
            noveler__subcmd__files,list)
                cmd="noveler__subcmd__files__subcmd__list"
                ;;
            noveler__subcmd__files__subcmd__help,changes)
                cmd="noveler__subcmd__files__subcmd__help__subcmd__changes"
                ;;
            noveler__subcmd__files__subcmd__help,clean)
                cmd="noveler__subcmd__files__subcmd__help__subcmd__clean"
                ;;
            noveler__subcmd__files__subcmd__help,get)
                cmd="noveler__subcmd__files__subcmd__help__subcmd__get"
                ;;
            noveler__subcmd__files__subcmd__help,help)
                cmd="noveler__subcmd__files__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__files__subcmd__help,info)
                cmd="noveler__subcmd__files__subcmd__help__subcmd__info"
                ;;
            noveler__subcmd__files__subcmd__help,list)
                cmd="noveler__subcmd__files__subcmd__help__subcmd__list"
                ;;
            noveler__subcmd__help,adr)
                cmd="noveler__subcmd__help__subcmd__adr"
                ;;
            noveler__subcmd__help,artifact)
                cmd="noveler__subcmd__help__subcmd__artifact"
                ;;
            noveler__subcmd__help,backup)
                cmd="noveler__subcmd__help__subcmd__backup"
                ;;
            noveler__subcmd__help,baseline)
                cmd="noveler__subcmd__help__subcmd__baseline"
                ;;
            noveler__subcmd__help,check)
                cmd="noveler__subcmd__help__subcmd__check"
                ;;
            noveler__subcmd__help,complete)
                cmd="noveler__subcmd__help__subcmd__complete"
                ;;
            noveler__subcmd__help,completions)
                cmd="noveler__subcmd__help__subcmd__completions"
                ;;
            noveler__subcmd__help,context)
                cmd="noveler__subcmd__help__subcmd__context"
                ;;
            noveler__subcmd__help,convert)
                cmd="noveler__subcmd__help__subcmd__convert"
                ;;
            noveler__subcmd__help,evaluate)
                cmd="noveler__subcmd__help__subcmd__evaluate"
                ;;
            noveler__subcmd__help,explain)
                cmd="noveler__subcmd__help__subcmd__explain"
                ;;
            noveler__subcmd__help,feedback)
                cmd="noveler__subcmd__help__subcmd__feedback"
                ;;
            noveler__subcmd__help,files)
                cmd="noveler__subcmd__help__subcmd__files"
                ;;
            noveler__subcmd__help,help)
                cmd="noveler__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__help,init)
                cmd="noveler__subcmd__help__subcmd__init"
                ;;
            noveler__subcmd__help,lsp)
                cmd="noveler__subcmd__help__subcmd__lsp"
                ;;
            noveler__subcmd__help,man)
                cmd="noveler__subcmd__help__subcmd__man"
                ;;
            noveler__subcmd__help,mcp)
                cmd="noveler__subcmd__help__subcmd__mcp"
                ;;
            noveler__subcmd__help,plot)
                cmd="noveler__subcmd__help__subcmd__plot"
                ;;
            noveler__subcmd__help,polish)
                cmd="noveler__subcmd__help__subcmd__polish"
                ;;
            noveler__subcmd__help,progressive)
                cmd="noveler__subcmd__help__subcmd__progressive"
                ;;
            noveler__subcmd__help,rules)
                cmd="noveler__subcmd__help__subcmd__rules"
                ;;
            noveler__subcmd__help,status)
                cmd="noveler__subcmd__help__subcmd__status"
                ;;
            noveler__subcmd__help,todo)
                cmd="noveler__subcmd__help__subcmd__todo"
                ;;
            noveler__subcmd__help,validate)
                cmd="noveler__subcmd__help__subcmd__validate"
                ;;
            noveler__subcmd__help,write)
                cmd="noveler__subcmd__help__subcmd__write"
                ;;
            noveler__subcmd__help__subcmd__adr,list)
                cmd="noveler__subcmd__help__subcmd__adr__subcmd__list"
                ;;
            noveler__subcmd__help__subcmd__adr,new)
                cmd="noveler__subcmd__help__subcmd__adr__subcmd__new"
                ;;
            noveler__subcmd__help__subcmd__adr,status)
                cmd="noveler__subcmd__help__subcmd__adr__subcmd__status"
                ;;
            noveler__subcmd__help__subcmd__artifact,delete)
                cmd="noveler__subcmd__help__subcmd__artifact__subcmd__delete"
                ;;
            noveler__subcmd__help__subcmd__artifact,fetch)
                cmd="noveler__subcmd__help__subcmd__artifact__subcmd__fetch"
                ;;
            noveler__subcmd__help__subcmd__artifact,gc)
                cmd="noveler__subcmd__help__subcmd__artifact__subcmd__gc"
                ;;
            noveler__subcmd__help__subcmd__artifact,list)
                cmd="noveler__subcmd__help__subcmd__artifact__subcmd__list"
                ;;
            noveler__subcmd__help__subcmd__artifact,store)
                cmd="noveler__subcmd__help__subcmd__artifact__subcmd__store"
                ;;
            noveler__subcmd__help__subcmd__backup,create)
                cmd="noveler__subcmd__help__subcmd__backup__subcmd__create"
                ;;
            noveler__subcmd__help__subcmd__backup,list)
                cmd="noveler__subcmd__help__subcmd__backup__subcmd__list"
                ;;
            noveler__subcmd__help__subcmd__backup,restore)
                cmd="noveler__subcmd__help__subcmd__backup__subcmd__restore"
                ;;
            noveler__subcmd__help__subcmd__baseline,build)
                cmd="noveler__subcmd__help__subcmd__baseline__subcmd__build"
                ;;
            noveler__subcmd__help__subcmd__baseline,list)
                cmd="noveler__subcmd__help__subcmd__baseline__subcmd__list"
                ;;
            noveler__subcmd__help__subcmd__baseline,show)
                cmd="noveler__subcmd__help__subcmd__baseline__subcmd__show"
                ;;
            noveler__subcmd__help__subcmd__check,progressive)
                cmd="noveler__subcmd__help__subcmd__check__subcmd__progressive"
                ;;
            noveler__subcmd__help__subcmd__check__subcmd__progressive,artifacts)
                cmd="noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__artifacts"
                ;;
            noveler__subcmd__help__subcmd__check__subcmd__progressive,end)
                cmd="noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__end"
                ;;
            noveler__subcmd__help__subcmd__check__subcmd__progressive,history)
                cmd="noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__history"
                ;;
            noveler__subcmd__help__subcmd__check__subcmd__progressive,repeat)
                cmd="noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__repeat"
                ;;
            noveler__subcmd__help__subcmd__check__subcmd__progressive,status)
                cmd="noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__status"
                ;;
            noveler__subcmd__help__subcmd__check__subcmd__progressive,step)
                cmd="noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__step"
                ;;
            noveler__subcmd__help__subcmd__check__subcmd__progressive,tasks)
                cmd="noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__tasks"
                ;;
            noveler__subcmd__help__subcmd__context,append)
                cmd="noveler__subcmd__help__subcmd__context__subcmd__append"
                ;;
            noveler__subcmd__help__subcmd__context,search)
                cmd="noveler__subcmd__help__subcmd__context__subcmd__search"
                ;;
            noveler__subcmd__help__subcmd__context,set)
                cmd="noveler__subcmd__help__subcmd__context__subcmd__set"
                ;;
            noveler__subcmd__help__subcmd__context,show)
                cmd="noveler__subcmd__help__subcmd__context__subcmd__show"
                ;;
            noveler__subcmd__help__subcmd__feedback,record)
                cmd="noveler__subcmd__help__subcmd__feedback__subcmd__record"
                ;;
            noveler__subcmd__help__subcmd__feedback,summary)
                cmd="noveler__subcmd__help__subcmd__feedback__subcmd__summary"
                ;;
            noveler__subcmd__help__subcmd__files,changes)
                cmd="noveler__subcmd__help__subcmd__files__subcmd__changes"
                ;;
            noveler__subcmd__help__subcmd__files,clean)
                cmd="noveler__subcmd__help__subcmd__files__subcmd__clean"
                ;;
            noveler__subcmd__help__subcmd__files,get)
                cmd="noveler__subcmd__help__subcmd__files__subcmd__get"
                ;;
            noveler__subcmd__help__subcmd__files,info)
                cmd="noveler__subcmd__help__subcmd__files__subcmd__info"
                ;;
            noveler__subcmd__help__subcmd__files,list)
                cmd="noveler__subcmd__help__subcmd__files__subcmd__list"
                ;;
            noveler__subcmd__help__subcmd__mcp,install-command)
                cmd="noveler__subcmd__help__subcmd__mcp__subcmd__install__subcmd__command"
                ;;
            noveler__subcmd__help__subcmd__plot,submit)
                cmd="noveler__subcmd__help__subcmd__plot__subcmd__submit"
                ;;
            noveler__subcmd__help__subcmd__polish,submit)
                cmd="noveler__subcmd__help__subcmd__polish__subcmd__submit"
                ;;
            noveler__subcmd__help__subcmd__progressive,artifacts)
                cmd="noveler__subcmd__help__subcmd__progressive__subcmd__artifacts"
                ;;
            noveler__subcmd__help__subcmd__progressive,end)
                cmd="noveler__subcmd__help__subcmd__progressive__subcmd__end"
                ;;
            noveler__subcmd__help__subcmd__progressive,history)
                cmd="noveler__subcmd__help__subcmd__progressive__subcmd__history"
                ;;
            noveler__subcmd__help__subcmd__progressive,repeat)
                cmd="noveler__subcmd__help__subcmd__progressive__subcmd__repeat"
                ;;
            noveler__subcmd__help__subcmd__progressive,status)
                cmd="noveler__subcmd__help__subcmd__progressive__subcmd__status"
                ;;
            noveler__subcmd__help__subcmd__progressive,step)
                cmd="noveler__subcmd__help__subcmd__progressive__subcmd__step"
                ;;
            noveler__subcmd__help__subcmd__progressive,tasks)
                cmd="noveler__subcmd__help__subcmd__progressive__subcmd__tasks"
                ;;
            noveler__subcmd__help__subcmd__todo,add)
                cmd="noveler__subcmd__help__subcmd__todo__subcmd__add"
                ;;
            noveler__subcmd__help__subcmd__todo,delete)
                cmd="noveler__subcmd__help__subcmd__todo__subcmd__delete"
                ;;
            noveler__subcmd__help__subcmd__todo,list)
                cmd="noveler__subcmd__help__subcmd__todo__subcmd__list"
                ;;
            noveler__subcmd__help__subcmd__todo,move)
                cmd="noveler__subcmd__help__subcmd__todo__subcmd__move"
                ;;
            noveler__subcmd__help__subcmd__todo,search)
                cmd="noveler__subcmd__help__subcmd__todo__subcmd__search"
                ;;
            noveler__subcmd__help__subcmd__todo,update)
                cmd="noveler__subcmd__help__subcmd__todo__subcmd__update"
                ;;
            noveler__subcmd__help__subcmd__write,abandon)
                cmd="noveler__subcmd__help__subcmd__write__subcmd__abandon"
                ;;
            noveler__subcmd__help__subcmd__write,recover)
                cmd="noveler__subcmd__help__subcmd__write__subcmd__recover"
                ;;
            noveler__subcmd__help__subcmd__write,resume)
                cmd="noveler__subcmd__help__subcmd__write__subcmd__resume"
                ;;
            noveler__subcmd__help__subcmd__write,status)
                cmd="noveler__subcmd__help__subcmd__write__subcmd__status"
                ;;
            noveler__subcmd__help__subcmd__write,submit)
                cmd="noveler__subcmd__help__subcmd__write__subcmd__submit"
                ;;
            noveler__subcmd__help__subcmd__write,tasks)
                cmd="noveler__subcmd__help__subcmd__write__subcmd__tasks"
                ;;
            noveler__subcmd__mcp,help)
                cmd="noveler__subcmd__mcp__subcmd__help"
                ;;
            noveler__subcmd__mcp,install-command)
                cmd="noveler__subcmd__mcp__subcmd__install__subcmd__command"
                ;;
            noveler__subcmd__mcp__subcmd__help,help)
                cmd="noveler__subcmd__mcp__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__mcp__subcmd__help,install-command)
                cmd="noveler__subcmd__mcp__subcmd__help__subcmd__install__subcmd__command"
                ;;
            noveler__subcmd__plot,help)
                cmd="noveler__subcmd__plot__subcmd__help"
                ;;
            noveler__subcmd__plot,submit)
                cmd="noveler__subcmd__plot__subcmd__submit"
                ;;
            noveler__subcmd__plot__subcmd__help,help)
                cmd="noveler__subcmd__plot__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__plot__subcmd__help,submit)
                cmd="noveler__subcmd__plot__subcmd__help__subcmd__submit"
                ;;
            noveler__subcmd__polish,help)
                cmd="noveler__subcmd__polish__subcmd__help"
                ;;
            noveler__subcmd__polish,submit)
                cmd="noveler__subcmd__polish__subcmd__submit"
                ;;
            noveler__subcmd__polish__subcmd__help,help)
                cmd="noveler__subcmd__polish__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__polish__subcmd__help,submit)
                cmd="noveler__subcmd__polish__subcmd__help__subcmd__submit"
                ;;
            noveler__subcmd__progressive,artifacts)
                cmd="noveler__subcmd__progressive__subcmd__artifacts"
                ;;
            noveler__subcmd__progressive,end)
                cmd="noveler__subcmd__progressive__subcmd__end"
                ;;
            noveler__subcmd__progressive,help)
                cmd="noveler__subcmd__progressive__subcmd__help"
                ;;
            noveler__subcmd__progressive,history)
                cmd="noveler__subcmd__progressive__subcmd__history"
                ;;
            noveler__subcmd__progressive,repeat)
                cmd="noveler__subcmd__progressive__subcmd__repeat"
                ;;
            noveler__subcmd__progressive,status)
                cmd="noveler__subcmd__progressive__subcmd__status"
                ;;
            noveler__subcmd__progressive,step)
                cmd="noveler__subcmd__progressive__subcmd__step"
                ;;
            noveler__subcmd__progressive,tasks)
                cmd="noveler__subcmd__progressive__subcmd__tasks"
                ;;
            noveler__subcmd__progressive__subcmd__help,artifacts)
                cmd="noveler__subcmd__progressive__subcmd__help__subcmd__artifacts"
                ;;
            noveler__subcmd__progressive__subcmd__help,end)
                cmd="noveler__subcmd__progressive__subcmd__help__subcmd__end"
                ;;
            noveler__subcmd__progressive__subcmd__help,help)
                cmd="noveler__subcmd__progressive__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__progressive__subcmd__help,history)
                cmd="noveler__subcmd__progressive__subcmd__help__subcmd__history"
                ;;
            noveler__subcmd__progressive__subcmd__help,repeat)
                cmd="noveler__subcmd__progressive__subcmd__help__subcmd__repeat"
                ;;
            noveler__subcmd__progressive__subcmd__help,status)
                cmd="noveler__subcmd__progressive__subcmd__help__subcmd__status"
                ;;
            noveler__subcmd__progressive__subcmd__help,step)
                cmd="noveler__subcmd__progressive__subcmd__help__subcmd__step"
                ;;
            noveler__subcmd__progressive__subcmd__help,tasks)
                cmd="noveler__subcmd__progressive__subcmd__help__subcmd__tasks"
                ;;
            noveler__subcmd__todo,add)
                cmd="noveler__subcmd__todo__subcmd__add"
                ;;
            noveler__subcmd__todo,delete)
                cmd="noveler__subcmd__todo__subcmd__delete"
                ;;
            noveler__subcmd__todo,help)
                cmd="noveler__subcmd__todo__subcmd__help"
                ;;
            noveler__subcmd__todo,list)
                cmd="noveler__subcmd__todo__subcmd__list"
                ;;
            noveler__subcmd__todo,move)
                cmd="noveler__subcmd__todo__subcmd__move"
                ;;
            noveler__subcmd__todo,search)
                cmd="noveler__subcmd__todo__subcmd__search"
                ;;
            noveler__subcmd__todo,update)
                cmd="noveler__subcmd__todo__subcmd__update"
                ;;
            noveler__subcmd__todo__subcmd__help,add)
                cmd="noveler__subcmd__todo__subcmd__help__subcmd__add"
                ;;
            noveler__subcmd__todo__subcmd__help,delete)
                cmd="noveler__subcmd__todo__subcmd__help__subcmd__delete"
                ;;
            noveler__subcmd__todo__subcmd__help,help)
                cmd="noveler__subcmd__todo__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__todo__subcmd__help,list)
                cmd="noveler__subcmd__todo__subcmd__help__subcmd__list"
                ;;
            noveler__subcmd__todo__subcmd__help,move)
                cmd="noveler__subcmd__todo__subcmd__help__subcmd__move"
                ;;
            noveler__subcmd__todo__subcmd__help,search)
                cmd="noveler__subcmd__todo__subcmd__help__subcmd__search"
                ;;
            noveler__subcmd__todo__subcmd__help,update)
                cmd="noveler__subcmd__todo__subcmd__help__subcmd__update"
                ;;
            noveler__subcmd__write,abandon)
                cmd="noveler__subcmd__write__subcmd__abandon"
                ;;
            noveler__subcmd__write,help)
                cmd="noveler__subcmd__write__subcmd__help"
                ;;
            noveler__subcmd__write,recover)
                cmd="noveler__subcmd__write__subcmd__recover"
                ;;
            noveler__subcmd__write,resume)
                cmd="noveler__subcmd__write__subcmd__resume"
                ;;
            noveler__subcmd__write,status)
                cmd="noveler__subcmd__write__subcmd__status"
                ;;
            noveler__subcmd__write,submit)
                cmd="noveler__subcmd__write__subcmd__submit"
                ;;
            noveler__subcmd__write,tasks)
                cmd="noveler__subcmd__write__subcmd__tasks"
                ;;
            noveler__subcmd__write__subcmd__help,abandon)
                cmd="noveler__subcmd__write__subcmd__help__subcmd__abandon"
                ;;
            noveler__subcmd__write__subcmd__help,help)
                cmd="noveler__subcmd__write__subcmd__help__subcmd__help"
                ;;
            noveler__subcmd__write__subcmd__help,recover)
                cmd="noveler__subcmd__write__subcmd__help__subcmd__recover"
                ;;
            noveler__subcmd__write__subcmd__help,resume)
                cmd="noveler__subcmd__write__subcmd__help__subcmd__resume"
                ;;
            noveler__subcmd__write__subcmd__help,status)
                cmd="noveler__subcmd__write__subcmd__help__subcmd__status"
                ;;
            noveler__subcmd__write__subcmd__help,submit)
                cmd="noveler__subcmd__write__subcmd__help__subcmd__submit"
                ;;
            noveler__subcmd__write__subcmd__help,tasks)
                cmd="noveler__subcmd__write__subcmd__help__subcmd__tasks"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        noveler)
            opts="-q -h -V --project-root --no-save --save --quiet --help --version check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__adr)
            opts="-q -h --project-root --no-save --save --quiet --help new status list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__adr__subcmd__help)
            opts="new status list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__adr__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__adr__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__adr__subcmd__help__subcmd__new)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__adr__subcmd__help__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__adr__subcmd__list)
            opts="-s -l -q -h --status --limit --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --status)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__adr__subcmd__new)
            opts="-q -h --context --decision --rationale --consequences --status --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --decision)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rationale)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --consequences)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__adr__subcmd__status)
            opts="-r -q -h --reason --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --reason)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact)
            opts="-q -h --project-root --no-save --save --quiet --help store fetch list delete gc help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__delete)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__fetch)
            opts="-q -h --section --format --format-type --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --section)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "raw json" -- "${cur}"))
                    return 0
                    ;;
                --format-type)
                    COMPREPLY=($(compgen -W "text json yaml" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__gc)
            opts="-q -h --dry-run --older-than --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --older-than)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__help)
            opts="store fetch list delete gc help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__help__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__help__subcmd__fetch)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__help__subcmd__gc)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__help__subcmd__store)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__list)
            opts="-q -h --tag --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --tag)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__artifact__subcmd__store)
            opts="-q -h --type --description --tag --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --type)
                    COMPREPLY=($(compgen -W "text markdown json yaml" -- "${cur}"))
                    return 0
                    ;;
                --description)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tag)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__backup)
            opts="-q -h --project-root --no-save --save --quiet --help create list restore help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__backup__subcmd__create)
            opts="-q -h --all --reason --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --reason)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__backup__subcmd__help)
            opts="create list restore help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__backup__subcmd__help__subcmd__create)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__backup__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__backup__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__backup__subcmd__help__subcmd__restore)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__backup__subcmd__list)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__backup__subcmd__restore)
            opts="-q -h --dry-run --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__baseline)
            opts="-q -h --project-root --no-save --save --quiet --help build list show help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__baseline__subcmd__build)
            opts="-q -h --genre --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --genre)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__baseline__subcmd__help)
            opts="build list show help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__baseline__subcmd__help__subcmd__build)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__baseline__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__baseline__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__baseline__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__baseline__subcmd__list)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__baseline__subcmd__show)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check)
            opts="-q -h --format --aspects --basic --severity-threshold --fail-on --fail-under --exit-zero --select --ignore --show-settings --statistics --no-progress --color --config --preset --exclude-dialogue-lines --no-cache --stdin-filename --baseline --write-baseline --snippet --ml --corpus-model-id --dynamic-thresholds --dynamic-severity --optimize-weights --project-root --no-save --save --quiet --help progressive help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json ndjson sarif github concise" -- "${cur}"))
                    return 0
                    ;;
                --aspects)
                    COMPREPLY=($(compgen -W "rhythm readability grammar style length content" -- "${cur}"))
                    return 0
                    ;;
                --severity-threshold)
                    COMPREPLY=($(compgen -W "low medium high critical" -- "${cur}"))
                    return 0
                    ;;
                --fail-on)
                    COMPREPLY=($(compgen -W "low medium high critical" -- "${cur}"))
                    return 0
                    ;;
                --fail-under)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --preset)
                    COMPREPLY=($(compgen -W "narou literary" -- "${cur}"))
                    return 0
                    ;;
                --exclude-dialogue-lines)
                    COMPREPLY=($(compgen -W "true false" -- "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --baseline)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --write-baseline)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --corpus-model-id)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help)
            opts="progressive help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help__subcmd__progressive)
            opts="tasks step repeat status history end artifacts"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__artifacts)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__end)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__history)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__repeat)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__step)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__help__subcmd__progressive__subcmd__tasks)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive)
            opts="-q -h --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help tasks step repeat status history end artifacts help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__artifacts)
            opts="-q -h --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__end)
            opts="-q -h --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__help)
            opts="tasks step repeat status history end artifacts help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__artifacts)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__end)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__history)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__repeat)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__step)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__help__subcmd__tasks)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__history)
            opts="-q -h --limit --cursor --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cursor)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__repeat)
            opts="-q -h --count --until-pass --min-improvement --time-budget --llm-result --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-improvement)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --time-budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --llm-result)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__status)
            opts="-q -h --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__step)
            opts="-q -h --llm-result --content --dry-run --ml --corpus-model-id --dynamic-thresholds --dynamic-severity --optimize-weights --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --llm-result)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --content)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --corpus-model-id)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__check__subcmd__progressive__subcmd__tasks)
            opts="-q -h --new --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__complete)
            opts="-q -h --auto-publish --site --min-score --dry-run --force --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --site)
                    COMPREPLY=($(compgen -W "narou kakuyomu plain" -- "${cur}"))
                    return 0
                    ;;
                --min-score)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__completions)
            opts="-q -h --write-all --dir --project-root --no-save --save --quiet --help bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context)
            opts="-q -h --project-root --no-save --save --quiet --help set append show search help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__append)
            opts="-s -q -h --section --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --section)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__help)
            opts="set append show search help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__help__subcmd__append)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__help__subcmd__search)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__help__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__search)
            opts="-l -q -h --limit --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__set)
            opts="-s -q -h --section --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --section)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__context__subcmd__show)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__convert)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__evaluate)
            opts="-q -h --llm-result --style --format --project-root --no-save --save --quiet --help elements structure expression preview"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --llm-result)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --style)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__explain)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__feedback)
            opts="-q -h --project-root --no-save --save --quiet --help record summary help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__feedback__subcmd__help)
            opts="record summary help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__feedback__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__feedback__subcmd__help__subcmd__record)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__feedback__subcmd__help__subcmd__summary)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__feedback__subcmd__record)
            opts="-q -h --accept --reject --before --after --note --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --accept)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --reject)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --before)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --note)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__feedback__subcmd__summary)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files)
            opts="-q -h --project-root --no-save --save --quiet --help info list get changes clean help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__changes)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__clean)
            opts="-q -h --older-than --dry-run --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --older-than)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__get)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__help)
            opts="info list get changes clean help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__help__subcmd__changes)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__help__subcmd__clean)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__help__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__help__subcmd__info)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__info)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__files__subcmd__list)
            opts="-q -h --prefix --role --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --role)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help)
            opts="check completions man explain rules artifact backup files convert validate write plot todo adr context status complete init progressive evaluate polish baseline feedback mcp lsp help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__adr)
            opts="new status list"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__adr__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__adr__subcmd__new)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__adr__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__artifact)
            opts="store fetch list delete gc"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__artifact__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__artifact__subcmd__fetch)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__artifact__subcmd__gc)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__artifact__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__artifact__subcmd__store)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__backup)
            opts="create list restore"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__backup__subcmd__create)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__backup__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__backup__subcmd__restore)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__baseline)
            opts="build list show"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__baseline__subcmd__build)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__baseline__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__baseline__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__check)
            opts="progressive"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__check__subcmd__progressive)
            opts="tasks step repeat status history end artifacts"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__artifacts)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__end)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__history)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__repeat)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__step)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__check__subcmd__progressive__subcmd__tasks)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__complete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__context)
            opts="set append show search"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__context__subcmd__append)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__context__subcmd__search)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__context__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__context__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__convert)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__evaluate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__explain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__feedback)
            opts="record summary"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__feedback__subcmd__record)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__feedback__subcmd__summary)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__files)
            opts="info list get changes clean"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__files__subcmd__changes)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__files__subcmd__clean)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__files__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__files__subcmd__info)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__files__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__init)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__lsp)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__mcp)
            opts="install-command"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__mcp__subcmd__install__subcmd__command)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__plot)
            opts="submit"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__plot__subcmd__submit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__polish)
            opts="submit"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__polish__subcmd__submit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__progressive)
            opts="tasks step repeat status history end artifacts"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__progressive__subcmd__artifacts)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__progressive__subcmd__end)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__progressive__subcmd__history)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__progressive__subcmd__repeat)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__progressive__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__progressive__subcmd__step)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__progressive__subcmd__tasks)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__rules)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__todo)
            opts="add update delete move list search"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__todo__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__todo__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__todo__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__todo__subcmd__move)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__todo__subcmd__search)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__todo__subcmd__update)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__validate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__write)
            opts="submit resume status abandon tasks recover"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__write__subcmd__abandon)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__write__subcmd__recover)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__write__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__write__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__write__subcmd__submit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__help__subcmd__write__subcmd__tasks)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__init)
            opts="-q -h --title --genre --author --platform --target-length --target-min --target-max --force --no-agent-files --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --title)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --genre)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --author)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --platform)
                    COMPREPLY=($(compgen -W "narou kakuyomu other" -- "${cur}"))
                    return 0
                    ;;
                --target-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__lsp)
            opts="-q -h --stdio --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__man)
            opts="-q -h --dir --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__mcp)
            opts="-q -h --tools --allow-root --project-root --no-save --save --quiet --help install-command help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --tools)
                    COMPREPLY=($(compgen -W "default seed" -- "${cur}"))
                    return 0
                    ;;
                --allow-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__mcp__subcmd__help)
            opts="install-command help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__mcp__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__mcp__subcmd__help__subcmd__install__subcmd__command)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__mcp__subcmd__install__subcmd__command)
            opts="-q -h --user --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__plot)
            opts="-q -h --regenerate --dry-run --format --project-root --no-save --save --quiet --help submit help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__plot__subcmd__help)
            opts="submit help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__plot__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__plot__subcmd__help__subcmd__submit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__plot__subcmd__submit)
            opts="-q -h --file --regenerate --dry-run --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --file)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__polish)
            opts="-q -h --all --level --diff --apply --codes --issue-ids --expected-sha256 --stage --format --until --max-iterations --project-root --no-save --save --quiet --help submit help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --level)
                    COMPREPLY=($(compgen -W "safe standard aggressive" -- "${cur}"))
                    return 0
                    ;;
                --codes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --issue-ids)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expected-sha256)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stage)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-iterations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__polish__subcmd__help)
            opts="submit help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__polish__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__polish__subcmd__help__subcmd__submit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__polish__subcmd__submit)
            opts="-q -h --stage --result --diff --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --stage)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --result)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive)
            opts="-q -h --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help tasks step repeat status history end artifacts help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__artifacts)
            opts="-q -h --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__end)
            opts="-q -h --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__help)
            opts="tasks step repeat status history end artifacts help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__help__subcmd__artifacts)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__help__subcmd__end)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__help__subcmd__history)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__help__subcmd__repeat)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__help__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__help__subcmd__step)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__help__subcmd__tasks)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__history)
            opts="-q -h --limit --cursor --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cursor)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__repeat)
            opts="-q -h --count --until-pass --min-improvement --time-budget --llm-result --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-improvement)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --time-budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --llm-result)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__status)
            opts="-q -h --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__step)
            opts="-q -h --llm-result --content --dry-run --ml --corpus-model-id --dynamic-thresholds --dynamic-severity --optimize-weights --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --llm-result)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --content)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --corpus-model-id)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__progressive__subcmd__tasks)
            opts="-q -h --new --session --include-dialogue --window-size --rule-profile --accept-unjudged --target-min --target-max --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --window-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule-profile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-min)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__rules)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__status)
            opts="-o -q -h --threshold --recent --no-cache --report --output --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --recent)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -W "html" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo)
            opts="-q -h --project-root --no-save --save --quiet --help add update delete move list search help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__add)
            opts="-c -d -s -q -h --category --description --subtask --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --category)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -c)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --description)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -d)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subtask)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__delete)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__help)
            opts="add update delete move list search help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__help__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__help__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__help__subcmd__move)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__help__subcmd__search)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__help__subcmd__update)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__list)
            opts="-s -c -l -q -h --status --category --limit --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --status)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --category)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -c)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__move)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__search)
            opts="-l -q -h --in --limit --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --in)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__todo__subcmd__update)
            opts="-t -s -c -q -h --title --status --category --subtask --clear-subtasks --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --title)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --category)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -c)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subtask)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__validate)
            opts="-q -h --verify-files --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write)
            opts="-q -h --step --stage --session --new --draft --plot-file --word-count-target --dry-run --format --project-root --no-save --save --quiet --help submit resume status abandon tasks recover help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --step)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stage)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plot-file)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --word-count-target)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__abandon)
            opts="-q -h --session --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__help)
            opts="submit resume status abandon tasks recover help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__help__subcmd__abandon)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__help__subcmd__recover)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__help__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__help__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__help__subcmd__submit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__help__subcmd__tasks)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__recover)
            opts="-q -h --from --session --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__resume)
            opts="-q -h --session --dry-run --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__status)
            opts="-q -h --session --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__submit)
            opts="-q -h --session --stage --file --feedback --waive --dry-run --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stage)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --file)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --feedback)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --waive)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        noveler__subcmd__write__subcmd__tasks)
            opts="-q -h --format --project-root --no-save --save --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --project-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _noveler -o nosort -o bashdefault -o default noveler
else
    complete -F _noveler -o bashdefault -o default noveler
fi
