# Bash completion (completion/crawlutils.bash): every long option in a
# program's getopt table is offered, the file-name options complete file
# names, and every program is registered.  The options come from each
# program's --help at completion time, so a program that gains an option
# its --help does not show fails here.
bats_require_minimum_version 1.5.0
load helper

TOP="$BATS_TEST_DIRNAME/.."
: "${COMPLETION:=$TOP/completion/crawlutils.bash}"

# long_options PROG: the long options of PROG's getopt table, from its
# source and the option macros of common/ it uses
long_options() {
	local src=$TOP/cmd/$1.c
	{
		grep -o '{ "[a-z0-9-]*",' "$src"
		if grep -q 'CLI_LONGOPTS_COMMON' "$src"; then
			sed -n '/define CLI_LONGOPTS_COMMON/,/^$/p' "$TOP/common/cli.h" | grep -o '{ "[a-z0-9-]*",'
		fi
		if grep -q 'SEENRUN_LONGOPTS' "$src"; then
			sed -n '/define SEENRUN_LONGOPTS/,/^$/p' "$TOP/common/seenrun.h" | grep -o '{ "[a-z0-9-]*",'
		fi
		if grep -q 'DOCS_LONGOPTS' "$src"; then
			sed -n '/define DOCS_LONGOPTS/,/^\//p' "$TOP/common/docs.h" | grep -o '{ "[a-z0-9-]*",'
		fi
	} | sed 's/^{ "\(.*\)",$/--\1/' | LC_ALL=C sort -u
}

# complete WORD...: what the completion offers for the last word
complete_words() {
	bash -c 'source "$0" || exit 1
		COMP_WORDS=("${@}"); COMP_CWORD=$(($# - 1))
		_crawlutils && printf "%s\n" "${COMPREPLY[@]}"' "$COMPLETION" "$@"
}

@test "completion: every long option of every program, and every program" {
	progs=$(cd "$TOP/cmd" && ls ./*.c | sed 's|^\./||; s/\.c$//' | LC_ALL=C sort)
	registered=$(bash -c 'source "$0"; complete -p' "$COMPLETION" |
	    sed -n 's/.*-F _crawlutils //p' | tr ' ' '\n' | LC_ALL=C sort)
	assert_equal "$registered" "$progs"
	for prog in $progs; do
		want=$(long_options "$prog")
		[ "$(echo "$want" | wc -l)" -gt 8 ] || fail "$prog: options not found in its source"
		complete_words "$prog" -- | sed 's/=$//' | LC_ALL=C sort -u > got
		missing=$(echo "$want" | LC_ALL=C comm -23 - got)
		[ -z "$missing" ] || fail "$prog: not completed: $missing"
		# and nothing the program does not take
		extra=$(echo "$want" | LC_ALL=C comm -13 - got)
		[ -z "$extra" ] || fail "$prog: completed but not in its getopt table: $extra"
	done
}

@test "completion: prefixes, attached arguments, file names after file options" {
	mkdir -p sub && touch state.bloom docs.tsv
	run complete_words seen --st
	assert_output --state
	run complete_words simhash --wei
	assert_output --weight=
	run complete_words htmltext --url-f
	assert_output $'--url-from-path\n--url-from-path='
	run complete_words seen --state st
	assert_output state.bloom
	run complete_words seen --state = st
	assert_output state.bloom
	run complete_words nearverify -d do
	assert_output docs.tsv
	run complete_words nearpairs --against su
	assert_output sub
	run complete_words nearpairs --emit-keys --partitions 4 --prefix su
	assert_output sub
	# -d of seen takes no file: options, not files, after it
	run complete_words seen -d --no-
	assert_output --no-wait
	# urlnorm's words: schemes, profiles, the names of --parts' list
	run complete_words urlnorm --default-scheme h
	assert_output $'http\nhttps'
	run complete_words urlnorm --profile s
	assert_output safe
	run complete_words urlnorm --parts s
	assert_output $'scheme\nsuffix\nsubdomain\nsite'
	run complete_words urlnorm --parts domain,ho
	assert_output domain,host
	run complete_words urlnorm --psl pu
	assert_success
	# a program that is not installed: nothing, no error
	run complete_words nosuchprogram --
	assert_success
	assert_output ''
}
