# bash completion for the crawlutils programs.
#
# The options of a program are read from its own --help the first time it
# is completed in a shell (a few milliseconds), so this file stays right
# when options change; tests/completion.bats checks that every program's
# --help names every option its getopt table has, and that the list
# below names every program.  `make install` puts this file in
# share/bash-completion/completions/ under each program's name (links to
# crawlutils), where bash-completion loads it on first use; it can also
# be sourced by itself (no bash-completion functions are used).
#
# Options whose argument names a file (FILE, DOCS, PREFIX) complete file
# names; a few take words (urlnorm --parts, --profile, --default-scheme);
# any other word is left to bash's default (file names).

declare -gA _crawlutils_cache

# _crawlutils_options PROG: "--opt --opt= -o ..." of PROG, and in
# _crawlutils_fileopts the options that take a file name
_crawlutils_options() {
	local prog=$1 line opts="" files="" re w
	if [[ -z ${_crawlutils_cache[$prog]+set} ]]; then
		# "  -f, --field N  ...", "      --url-from-path[=SCHEME]  ...",
		# "  *   --strip-www ..." (urlnorm marks some options with *)
		# (a continuation line is indented further)
		re='^[ *]{1,8}(-([a-zA-Z0-9]),? +)?--([a-z0-9][a-z0-9-]*)(\[=|=| )?([A-Z][A-Z,]*)?'
		while IFS= read -r line; do
			[[ $line =~ $re ]] || continue
			local short=${BASH_REMATCH[2]} long=--${BASH_REMATCH[3]}
			local sep=${BASH_REMATCH[4]} arg=${BASH_REMATCH[5]}
			case $sep in
			"[=") long+=" $long=" ;;
			"=") long+="=" ;;
			esac
			# hamming describes -f twice
			for w in ${short:+-$short} $long; do
				[[ " $opts " == *" $w "* ]] || opts+=" $w"
			done
			if [[ $arg == FILE || $arg == DOCS || $arg == PREFIX ]]; then
				files+=" $long"
				[[ -n $short ]] && files+=" -$short"
			fi
		done < <(LC_ALL=C "$prog" --help 2>/dev/null)
		_crawlutils_cache[$prog]=$opts
		_crawlutils_cache[$prog/files]=$files
	fi
	_crawlutils_opts=${_crawlutils_cache[$prog]}
	_crawlutils_fileopts=${_crawlutils_cache[$prog/files]}
}

_crawlutils() {
	local prog=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev="" opt
	local _crawlutils_opts _crawlutils_fileopts
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()
	_crawlutils_options "$prog"
	# "--rejects=fi": bash splits the word at the = (COMP_WORDBREAKS)
	if [[ $cur == = ]]; then
		opt=$prev cur=""
	elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	else
		opt=$prev
	fi
	# the words some option arguments take
	case $prog:$opt in
	urlnorm:--default-scheme)
		mapfile -t COMPREPLY < <(compgen -W "http https" -- "$cur")
		return 0 ;;
	urlnorm:--profile)
		mapfile -t COMPREPLY < <(compgen -W "whatwg rfc3986 safe aggressive" -- "$cur")
		return 0 ;;
	urlnorm:--parts)
		# a comma-separated list: complete its last name
		local before=""
		[[ $cur == *,* ]] && before=${cur%,*},
		mapfile -t COMPREPLY < <(compgen -P "$before" -W "scheme host port path query
		    fragment domain suffix subdomain site" -- "${cur##*,}")
		compopt -o nospace 2>/dev/null
		return 0 ;;
	esac
	if [[ " $_crawlutils_fileopts " == *" $opt "* ]]; then
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return 0
	fi
	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$_crawlutils_opts" -- "$cur")
		# no space after an option that wants its argument attached
		[[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] &&
			compopt -o nospace 2>/dev/null
	fi
	return 0
}

complete -o bashdefault -o default -F _crawlutils \
	hamming htmllinks htmltext nearpairs nearverify seen seenlines sha256text simhash urlnorm
