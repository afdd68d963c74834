# bash completion for sudokit (installed as
# PREFIX/share/bash-completion/completions/sudokit).  The option lists follow
# each command's --help; tests/cli/man.sh checks that every option the CLI
# accepts is offered here.
_sudokit() {
  local cur prev cmd opts
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "solve count rate explain techniques hints reglib grids generate run
                             analyze canon transform help -c -s --help -h --version -V" -- "$cur"))
    return
  fi
  cmd=${COMP_WORDS[1]}
  case $prev in
    -i|--input|--in|-o|--output|--out|-s|--from|--exclude|--pattern) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --plugins) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --table) COMPREPLY=($(compgen -W "se xdrs hodoku" -- "$cur") $(compgen -f -X '!*.yaml' -- "$cur")); return ;;
    --policy) COMPREPLY=($(compgen -W "se xdrs cheapest givens correlation classes" -- "$cur")
                         $(compgen -f -X '!*.lua' -- "$cur")); return ;;
    --level) COMPREPLY=($(compgen -W "easy medium hard" -- "$cur")); return ;;
    --symmetry) COMPREPLY=($(compgen -W "none rot180 rot90 mirror diagonal" -- "$cur")); return ;;
    --set) COMPREPLY=($(compgen -W "singles ssts" -- "$cur")); return ;;
    --hodoku-level) COMPREPLY=($(compgen -W "Easy Medium Hard Unfair Extreme" -- "$cur")); return ;;
    --sdrs) COMPREPLY=($(compgen -W "pearl diamond extreme-pearl extreme-diamond" -- "$cur")); return ;;
    --fields) COMPREPLY=($(compgen -W "all puzzle givens blanks level minimal nredundant redundant corr
                          links grade nodes guesses order nmagic magic magic_er bd_tests er ep ed
                          se_class sdrs sdrs_flags steps hardest techniques" -- "$cur")); return ;;
    --format|-f)
      case $cmd in
        solve) COMPREPLY=($(compgen -W "line grid candidates" -- "$cur")) ;;
        grids|generate) COMPREPLY=($(compgen -W "grid line" -- "$cur")) ;;
        hints) COMPREPLY=($(compgen -W "text reglib json" -- "$cur")) ;;
        rate|explain|analyze) COMPREPLY=($(compgen -W "json" -- "$cur")) ;;
      esac
      return ;;
    -n|-j|-c|--limit|--budget|--first|--start|--seed|--givens|--attempts|--max-order|--thresholds|\
    --er|--xdrs|--needs|--technique|--timeout|--limit-instructions|-e|-t|--threads|--hodoku-score|\
    --moves|--restart|--steps|--spec|--objective|--cpu-timeout) return ;;
  esac
  case $cmd in
    solve) opts="-i --input -o --output -j -t --threads --format -h --help" ;;
    count) opts="--limit -i --input -o --output -j -t --threads -h --help" ;;
    rate) opts="-i --input --in -o --output --out -j -t --threads -f --format --table --budget --verify -p --pearl
                -d --diamond --plugins --policy --limit-instructions --timeout --header --profile -h --help" ;;
    explain) opts="-i --input --in -o --output --out -j -t --threads --format --policy --table --budget --verify --plugins --header
                   -p --pearl -d --diamond -h --help" ;;
    techniques) opts="--table --plugins -h --help" ;;
    hints) opts="--table --technique --format -i --input -o --output --plugins -h --help" ;;
    reglib) opts="--table --plugins -h --help" ;;
    grids) opts="-n --first --start --format -o -j -h --help" ;;
    generate) opts="-n --level --givens --minimal --symmetry --attempts --seed --with-solution --format
                    -o -j --er --xdrs --pearl --diamond --sdrs --needs --timeout --with-path --budget
                    --table --plugins --quiet --hodoku-level --hodoku-score --search --from --exclude
                    --moves --pattern --restart --steps --screen --objective --policy --objective-lua
                    --cpu-timeout --profile --trace -h --help" ;;
    run) opts="--limit-instructions --timeout -e -h --help" ;;
    analyze) opts="--fields --backdoor --csv --set --max-order --thresholds --table --budget --plugins
                   -i --input -o --output -j -t --threads --format -h --help" ;;
    canon) opts="--puzzle --grid --dedup --with-transform -i --input -o --output -j -t --threads -h --help" ;;
    transform) opts="--spec --seed -n --with-transform -i --input -o --output -j -t --threads -h --help" ;;
    -c) opts="--first -h --help" ;;
    help) COMPREPLY=($(compgen -W "solve count rate explain techniques hints reglib grids generate run
                                   analyze canon transform -c -s" -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _sudokit sudokit
