# Progress lines of the programs that read documents (htmltext, htmllinks;
# common/docs.c with common/progress.c): on with --progress, by default
# only when stderr is a terminal (script(1) gives one), never with -q
# alone.  The numbers a line is made of (share, rate, ETA) are pinned in
# tests/unit.c (progress_rate); the once-a-second lines cannot be tested
# without timing, so these tests see the last line, which is always written.
bats_require_minimum_version 1.5.0
load helper

GEN="$CRAWLUTILS_BIN/../bench/warcgen"
# the last line: N documents, X of T MB when the size is known, rates
done_re() {
	echo "^$1: [0-9]+\.[0-9] s: done: $2 documents, $3, [0-9]+\.[0-9] MB/s, [0-9]+ documents/s\$"
}
# check_lines PROG LAST: the last line of $stderr matches LAST, and any
# before it (a slow run, under ASan say, has a line a second) are lines of
# the same kind without "done: "
check_lines() {
	local n=${#stderr_lines[@]} i
	[ "$n" -ge 1 ] || fail "$1: no progress line"
	[[ ${stderr_lines[n - 1]} =~ $2 ]] || fail "$1: $stderr"
	for ((i = 0; i < n - 1; i++)); do
		[[ ${stderr_lines[i]} =~ ^$1:\ [0-9]+\.[0-9]\ s:\ [0-9]+\ documents,\ [0-9.]+\  ]] ||
		    fail "$1: $stderr"
	done
}
mb() { awk -v b="$(cat "$@" | wc -c)" 'BEGIN { printf "%.1f", b / 1e6 }'; }

@test "progress: --progress gives the last line on stderr, the output unchanged; nothing without it" {
	mkdir pages
	"$GEN" -d pages 300 > crawl.warc
	for prog in htmltext htmllinks; do
		"$prog" --warc crawl.warc > want 2> err
		assert_equal "$(cat err)" ""
		run --separate-stderr "$prog" --progress --warc crawl.warc
		assert_success
		printf '%s\n' "${lines[@]}" > got
		cmp want got
		m=$(mb crawl.warc)
		check_lines "$prog" "$(done_re "$prog" 300 "$m of $m MB \\(100%\\)")"
		# the mirrored files, their sizes summed; -v's summary after it
		run --separate-stderr "$prog" --progress -v --url-from-path pages/*.html
		assert_success
		m=$(mb pages/*.html)
		assert_equal "${stderr_lines[-1]}" "$prog: documents: 300 read, 300 written, 0 rejected"
		unset 'stderr_lines[-1]'
		check_lines "$prog" "$(done_re "$prog" 300 "$m of $m MB \\(100%\\)")"
		# from a pipe the size is not known: no share, no ETA
		run --separate-stderr bash -c 'cat crawl.warc | "$0" --progress --warc' "$prog"
		assert_success
		m=$(mb crawl.warc)
		check_lines "$prog" "$(done_re "$prog" 300 "$m MB")"
	done
	# --tsv records, and a file that cannot be read: still a last line
	htmltext --progress --tsv missing <(printf 'a\t<p>x</p>\n') > out 2> err && false
	grep -q '^htmltext: missing: No such file or directory$' err
	tail -1 err | grep -Eq "$(done_re htmltext 1 "[0-9.]+ MB")"
	assert_equal "$(cut -f1 out)" a
	# --progress wins over -q (as in nearpairs); -q alone is silent
	htmltext -q --progress pages/00000.html 2>&1 >/dev/null | grep -Eq "$(done_re htmltext 1 '.*')"
}

@test "progress: on by default when stderr is a terminal, off with -q" {
	command -v script >/dev/null || skip "no script(1) to give a terminal"
	printf '<title>T</title><p>Some text.</p>\n' > page.html
	# script's terminal takes stdout and stderr: the record, then the line
	run script -qec 'htmltext page.html' /dev/null
	assert_success
	assert_line --index 0 $'page.html\tT\tSome text.\r'
	[[ ${lines[1]} =~ ^htmltext:\ [0-9.]+\ s:\ done:\ 1\ documents ]] || fail "$output"
	run script -qec 'htmllinks -q page.html; htmltext -q page.html' /dev/null
	assert_success
	assert_output $'page.html\tT\tSome text.\r'
}

@test "progress: --progress in --help and the manual pages" {
	for prog in htmltext htmllinks nearpairs; do
		"$prog" --help | grep -q -- '--progress'
		grep -q '^\.It Fl -progress' "$BATS_TEST_DIRNAME/../man/$prog.1"
	done
}
